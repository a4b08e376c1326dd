/**
 * The sidebar's count of approval requests waiting for the operator, on every console page: read
 * once for all operators (counts by requester) and believed for WAITING_TTL_MS, rather than one
 * query per page load. A change this process makes to the requests forgets it at once (the store
 * calls `forgetWaitingCounts`); one made by another console instance shows within the TTL.
 */
import type { Queryable } from '@/lib/db';

export const WAITING_TTL_MS = 5_000;

let cached: { readAt: number; byRequester: Promise<ReadonlyMap<string, number>> } | null = null;

export function forgetWaitingCounts(): void {
  cached = null;
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
  if (!cached || now - cached.readAt >= WAITING_TTL_MS) {
    const entry = { readAt: now, byRequester: readCounts(db) };
    cached = entry;
    // A failed read is not believed: the next page asks again.
    entry.byRequester.catch(() => {
      if (cached === entry) cached = null;
    });
  }
  let waiting = 0;
  for (const [requester, count] of await cached.byRequester) if (requester !== operatorId) waiting += count;
  return waiting;
}
