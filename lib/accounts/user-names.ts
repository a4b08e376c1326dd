/**
 * Names for user ids shown in a table: one batch read (/admin/users/info) for the whole page,
 * never one call per row. A failed read leaves the ids as they are (the page still works).
 */
import 'server-only';
import type { UpstreamClient } from '@/lib/upstream/client';
import { usersInfo } from '@/lib/upstream/accounts';
import { isUpstreamError } from '@/lib/upstream/errors';
import { accountName } from './merge-preview';

/** "Name (e-mail)" by user id, for the ids the service knows. */
export async function readUserNames(upstream: UpstreamClient, ids: readonly string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  try {
    const users = await usersInfo(upstream, ids);
    return Object.fromEntries(users.map((user) => [user.id, accountName(user)]));
  } catch (error) {
    if (isUpstreamError(error)) return {};
    throw error;
  }
}

/**
 * The user ids a report's rows name in `fields` that still exist (not listed in the row's
 * `dangling_references`), for one batch read of their names.
 */
export function existingUserReferences(rows: ReadonlyArray<Readonly<Record<string, unknown>>>, fields: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const row of rows) {
    const dangling = Array.isArray(row.dangling_references) ? row.dangling_references : [];
    for (const field of fields) {
      const value = row[field];
      if (typeof value === 'string' && value !== '' && !dangling.includes(field)) ids.add(value);
    }
  }
  return [...ids];
}
