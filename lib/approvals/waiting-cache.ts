/**
 * The sidebar's count of approval requests waiting for the operator, on every console page: read
 * once for all operators (counts by requester) through the shell's read cache (lib/db/read-cache.ts),
 * rather than one query per page load. The store forgets it after each change to the requests.
 */
import type { Queryable } from '@/lib/db';
import { readCache } from '@/lib/db/read-cache';

const waitingCounts = readCache<'all', ReadonlyMap<string, number>>('approvals-waiting');

export function forgetWaitingCounts(): void {
  waitingCounts.forget();
}

async function readCounts(db: Queryable): Promise<ReadonlyMap<string, number>> {
  const rows = await db.query<{ requester_id: string; waiting: number }>(
    `SELECT requester_id, count(*)::int AS waiting FROM approval_requests
     WHERE (status = 'pending' AND expires_at > now()) OR (break_glass AND reviewed_at IS NULL)
     GROUP BY requester_id`,
  );
  return new Map(rows.map((row) => [row.requester_id, row.waiting]));
}

/** Requests the operator could act on now (others' pending requests and unreviewed break-glass runs). */
export async function cachedWaitingCount(db: Queryable, operatorId: string, now = Date.now()): Promise<number> {
  let waiting = 0;
  for (const [requester, count] of await waitingCounts.read(db, 'all', () => readCounts(db), now))
    if (requester !== operatorId) waiting += count;
  return waiting;
}
