/**
 * Jump to: whatever an operator pastes (an id, a guid, an e-mail, a domain) is looked up in
 * every entity at once: by id in each, by e-mail in users and agents, by hostname in domains,
 * and (three characters or more) as part of an e-mail or a name through the search of the
 * entities that search e-mails (users, agents), a few candidates each.
 * ASSUMPTION: e-mails and domains are stored in lower case, international domain names in
 * punycode (as the emulator does), so the lookup lower-cases them and converts a pasted
 * `bücher.example` to `xn--bcher-kva.example`.
 */
import 'server-only';
import { z } from 'zod';
import {
  type UpstreamClient,
  describeUpstreamError,
  isUpstreamError,
  type UpstreamFailure,
} from '@/lib/upstream/client';
import { isDotSegment, raRecordSchema, type RaRecord } from '@/lib/upstream/contract';
import { getRecord, listRecords } from '@/lib/upstream/ra';
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
  href: string;
  /** How it matched: `id`, `email`, `domain`. */
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
/** The entities whose free-text search covers e-mails and names (their `searchHint` says so). */
const searchesPeople = (entity: EntityDefinition) => /e-mail/.test(entity.searchHint ?? '');

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

function lookupsFor(upstream: UpstreamClient, term: string): Lookup[] {
  const byField = (entity: EntityDefinition, field: string, value: string) => () =>
    listRecords(
      upstream,
      entity.name,
      { range: { start: 0, end: MAX_PER_LOOKUP - 1 }, filter: { [field]: value } },
      raRecordSchema,
    ).then((result) => result.rows);
  // `.` and `..` name no record: in the service's path they would name another resource; ids have no spaces.
  const lookups: Lookup[] =
    isDotSegment(term) || /\s/.test(term)
      ? []
      : ENTITIES.map((entity) => ({
          entity,
          matchedBy: 'id',
          read: () => getRecord(upstream, entity.name, term, raRecordSchema).then((record) => [record]),
        }));
  const hostname = storedHostname(term);
  for (const entity of ENTITIES) {
    if (EMAIL.test(term) && entity.columns.some((column) => column.id === 'email')) {
      lookups.push({ entity, matchedBy: 'email', read: byField(entity, 'email', term.toLowerCase()) });
    }
    if (hostname && entity.name === 'domains') {
      lookups.push({ entity, matchedBy: 'domain', read: byField(entity, 'domain', hostname) });
    }
    // Part of an e-mail or a name: the entity's own search (`q`), a few candidates each.
    if (Array.from(term).length >= MIN_SEARCH_CHARS && searchesPeople(entity)) {
      lookups.push({
        entity,
        matchedBy: 'search',
        read: () =>
          listRecords(
            upstream,
            entity.name,
            { range: { start: 0, end: MAX_PER_SEARCH - 1 }, filter: { q: term } },
            raRecordSchema,
          ).then((result) => result.rows),
      });
    }
  }
  return lookups;
}

/** Every record the term names, across entities, looked up in parallel. */
export async function findJumpCandidates(upstream: UpstreamClient, term: string): Promise<JumpResult> {
  const outcomes = await Promise.all(
    lookupsFor(upstream, term).map(async (lookup) => {
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
        title: lookup.entity.title(record),
        href: detailHref(lookup.entity.name, record.id),
        matchedBy: lookup.matchedBy,
      });
    }
  }
  return { candidates, failures };
}
