/**
 * Names for user ids shown in a table, keyed by id, worded "Name (e-mail)": the one batch
 * resolver (lib/entities/names.ts, one /admin/users/info read for the page, never one call per
 * row; a failed read leaves the ids as they are).
 */
import 'server-only';
import { detailHref } from '@/lib/entities/hrefs';
import { readNames } from '@/lib/entities/names';
import type { UpstreamClient } from '@/lib/upstream/client';

/** "Name (e-mail)" by user id, for the ids the service knows. */
export async function readUserNames(upstream: UpstreamClient, ids: readonly string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const names = await readNames(upstream, { users: ids });
  return Object.fromEntries(
    ids.flatMap((id): [string, string][] => {
      const name = names[detailHref('users', id)];
      if (!name) return [];
      return [[id, name.email && name.email !== name.name ? `${name.name} (${name.email})` : name.name]];
    }),
  );
}

/**
 * The user ids a report's rows name in `fields` that still exist (not listed in the row's
 * `dangling_references`), for one batch read of their names.
 */
export function existingUserReferences(
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
  fields: readonly string[],
): string[] {
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
