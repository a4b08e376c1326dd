/**
 * Jump to: whatever an operator pastes or types (an id, an e-mail, a domain, a name) is looked up
 * in every entity at once, each lookup only where it can match, because every one spends the
 * service's rate limit: by id in the entities whose id prefix the text carries (an id-shaped text
 * is looked up by id only), by e-mail in users and agents, by hostname in domains, and (three
 * characters or more) by name through the search (`q`) of the entities operators call by name,
 * a few candidates each.
 * ASSUMPTION: e-mails and domains are stored in lower case, international domain names in
 * punycode (as the emulator does), so the lookup lower-cases them and converts a pasted
 * `bücher.example` to `xn--bcher-kva.example`; a name typed in Unicode is searched by its ASCII
 * characters and kept when the name's Unicode form holds it.
 */
import 'server-only';
import { z } from 'zod';
import {
  type UpstreamClient,
  describeUpstreamError,
  isUpstreamError,
  type UpstreamFailure,
} from '@/lib/upstream/client';
import { raRecordSchema, type RaRecord } from '@/lib/upstream/contract';
import { getRecord, listRecords } from '@/lib/upstream/ra';
import { domainsMatchingUnicode } from '@/lib/domains/data';
import { hasNonAscii, unicodeForm } from '@/lib/domains/unicode';
import { detailHref } from './hrefs';
import { ENTITIES, type EntityDefinition } from './registry';

export const jumpTermSchema = z
  .string()
  .trim()
  .min(1, { error: 'Type an id, guid or e-mail.' })
  .max(320, { error: 'That is too long to be an id or an e-mail.' })
  .regex(/^[^\p{Cc}]+$/u, { error: 'Ids, e-mails and names have no control characters.' });

export interface JumpCandidate {
  entity: string;
  entityLabel: string;
  id: string;
  title: string;
  /** What tells it apart from another record of the same title (a person's e-mail), if anything. */
  subtitle: string | null;
  href: string;
  /** How it matched: `id`, `email`, `domain`, `search`. */
  matchedBy: string;
}

export interface JumpResult {
  candidates: JumpCandidate[];
  /** Lookups that failed for another reason than "no such record". */
  failures: UpstreamFailure[];
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z0-9-]+$/i;
/** Enough to show the operator that a term is ambiguous, not a search. */
const MAX_PER_LOOKUP = 10;
/** Shortest term searched as part of an e-mail or a name (shorter ones match too much to help). */
export const MIN_SEARCH_CHARS = 3;
/** Candidates per searched entity: a short list to pick from while typing. */
const MAX_PER_SEARCH = 5;
/** An id: one entity prefix, then letters and digits (no spaces, dots or `@`). */
const ID_SHAPE = /^[a-z]+_[a-z0-9]+$/i;

/** A pasted hostname as the service stores it, or null when the term is not one. */
function storedHostname(term: string): string | null {
  if (EMAIL.test(term) || /[\s/?#@:\\]/.test(term)) return null;
  try {
    // The URL parser lower-cases and converts international names to punycode.
    const host = new URL(`http://${term}`).hostname;
    return HOSTNAME.test(host) ? host : null;
  } catch {
    return null;
  }
}

interface Lookup {
  entity: EntityDefinition;
  matchedBy: string;
  read: () => Promise<RaRecord[]>;
}

function lookupsFor(upstream: UpstreamClient, term: string, entities: readonly EntityDefinition[]): Lookup[] {
  const list = (entity: EntityDefinition, filter: Record<string, string>, size: number) => () =>
    listRecords(upstream, entity.name, { range: { start: 0, end: size - 1 }, filter }, raRecordSchema).then(
      (result) => result.rows,
    );
  const byId = /\s/.test(term) ? [] : entities.filter((entity) => term.startsWith(entity.idPrefix));
  const lookups: Lookup[] = byId.map((entity) => ({
    entity,
    matchedBy: 'id',
    read: () => getRecord(upstream, entity.name, term, raRecordSchema).then((record) => [record]),
  }));
  // An id of a known entity names one record: searching names for it would spend calls for nothing.
  if (byId.length > 0 && ID_SHAPE.test(term)) return lookups;
  const email = EMAIL.test(term);
  const hostname = storedHostname(term);
  const searchable = Array.from(term).length >= MIN_SEARCH_CHARS;
  for (const entity of entities) {
    const hasEmail = entity.columns.some((column) => column.id === 'email');
    if (email && hasEmail) {
      lookups.push({ entity, matchedBy: 'email', read: list(entity, { email: term.toLowerCase() }, MAX_PER_LOOKUP) });
    }
    if (hostname && entity.name === 'domains') {
      lookups.push({ entity, matchedBy: 'domain', read: list(entity, { domain: hostname }, MAX_PER_LOOKUP) });
    }
    // Part of a name (or of an e-mail, where the entity has e-mails): its own search, a few candidates.
    if (searchable && entity.jumpByName && (!email || hasEmail)) {
      lookups.push({ entity, matchedBy: 'search', read: searchByName(upstream, entity, term) });
    }
  }
  return lookups;
}

/** An entity's own search, a few candidates; a domain typed in Unicode is matched on its Unicode form. */
function searchByName(upstream: UpstreamClient, entity: EntityDefinition, term: string) {
  if (entity.name === 'domains' && hasNonAscii(term)) {
    return () => domainsMatchingUnicode(upstream, term).then((rows) => rows.slice(0, MAX_PER_SEARCH));
  }
  return () =>
    listRecords(
      upstream,
      entity.name,
      { range: { start: 0, end: MAX_PER_SEARCH - 1 }, filter: { q: term } },
      raRecordSchema,
    ).then((result) => result.rows);
}

/**
 * Every record the term names, across entities (or only `entities`, for a picker of one kind),
 * looked up in parallel.
 */
export async function findJumpCandidates(
  upstream: UpstreamClient,
  term: string,
  entities: readonly EntityDefinition[] = ENTITIES,
): Promise<JumpResult> {
  const outcomes = await Promise.all(
    lookupsFor(upstream, term, entities).map(async (lookup) => {
      try {
        return { lookup, records: await lookup.read() };
      } catch (error) {
        if (!isUpstreamError(error)) throw error;
        // No such record, or an entity this service does not have: no candidate.
        if (error.kind === 'not_found') return { lookup, records: [] };
        // A 401 fails every lookup alike; the caller asks the operator to sign in again.
        return { lookup, records: [], failure: describeUpstreamError(error) };
      }
    }),
  );
  const seen = new Set<string>();
  const candidates: JumpCandidate[] = [];
  const failures: UpstreamFailure[] = [];
  for (const { lookup, records, failure } of outcomes) {
    if (failure) failures.push(failure);
    for (const record of records) {
      const key = `${lookup.entity.name}/${record.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      candidates.push({
        entity: lookup.entity.name,
        entityLabel: lookup.entity.singular,
        id: record.id,
        title:
          lookup.entity.name === 'domains'
            ? (unicodeForm(String(record.domain ?? '')) ?? lookup.entity.title(record))
            : lookup.entity.title(record),
        subtitle: lookup.entity.subtitle?.(record) ?? null,
        href: detailHref(lookup.entity.name, record.id),
        matchedBy: lookup.matchedBy,
      });
    }
  }
  return { candidates, failures };
}
