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
