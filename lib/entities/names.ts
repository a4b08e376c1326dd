/**
 * Names for the ids a page shows (creators, workspaces, channels, ...): one batch read per
 * related entity, all in parallel. People come from `/admin/users/info` (name and e-mail);
 * every other entity from its /admin/ra list filtered by the ids (react-admin's getMany,
 * `filter={"id":[...]}`), titled by the registry. Names are decoration: a read that fails
 * leaves those links showing their bare ids, and never fails the page.
 */
import 'server-only';
import { usersInfo } from '@/lib/upstream/accounts';
import type { UpstreamClient } from '@/lib/upstream/client';
import { raRecordSchema, type User } from '@/lib/upstream/contract';
import { listRecords } from '@/lib/upstream/ra';
import { detailHref } from './hrefs';
import { findEntity } from './registry';
import type { EntityName, NameRecord } from './types';
import { logger } from '@/lib/observability/logger';

export type { EntityName, NameRecord };

/** The ids a page wants named, by entity; repeats and blanks are fine. */
export type NameRequest = Readonly<Record<string, Iterable<string | null | undefined>>>;

/**
 * Most ids of one entity named per page: one list page at the service. The console's largest
 * page is 100 rows, so a page's ids fit in one request; more are left as ids.
 */
export const MAX_NAMES_PER_ENTITY = 100;

/** A person's name for people: "First Last", else the e-mail, else the id. */
export function personName(user: Pick<User, 'id' | 'email' | 'first_name' | 'last_name'>): string {
  const full = [user.first_name, user.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return full || user.email.trim() || user.id;
}

function distinct(ids: Iterable<string | null | undefined>): string[] {
  const set = new Set<string>();
  for (const id of ids) if (typeof id === 'string' && id !== '') set.add(id);
  return [...set].slice(0, MAX_NAMES_PER_ENTITY);
}

async function readEntityNames(
  upstream: UpstreamClient,
  entity: string,
  ids: string[],
): Promise<[string, EntityName][]> {
  if (entity === 'users') {
    const users = await usersInfo(upstream, ids);
    return users.map((user) => [
      detailHref('users', user.id),
      { name: personName(user), email: user.email || undefined },
    ]);
  }
  const definition = findEntity(entity);
  if (!definition) return [];
  const { rows } = await listRecords(
    upstream,
    entity,
    { range: { start: 0, end: ids.length - 1 }, filter: { id: ids } },
    raRecordSchema,
  );
  // A record without a name (a direct-message channel) is titled by its id: nothing to show.
  return rows.flatMap((row): [string, EntityName][] => {
    const name = definition.title(row);
    return name === row.id ? [] : [[detailHref(entity, row.id), { name }]];
  });
}

/** Names for the requested ids: one read per entity, in parallel; a failed read names nothing. */
export async function readNames(upstream: UpstreamClient, request: NameRequest): Promise<NameRecord> {
  const reads = Object.entries(request).map(async ([entity, ids]) => {
    const wanted = distinct(ids);
    if (wanted.length === 0) return [];
    try {
      return await readEntityNames(upstream, entity, wanted);
    } catch (error) {
      // Whatever went wrong (service down, a refused token, an answer off the contract), the
      // links still work with ids; the page's own reads report the service's state.
      logger('names').warn({ err: error }, `reading ${entity} names failed; showing ids`);
      return [];
    }
  });
  return Object.fromEntries((await Promise.all(reads)).flat());
}
