/**
 * How many messages the stuck queue lists for a query, read the way its page reads them: the
 * service counts a filter; a missing-artifact group, which the service cannot filter on, is
 * counted in the sample of the oldest stuck messages that the page lists it from. No React or
 * Next here: the watch rules count saved views with it outside any request.
 */
import type { UpstreamClient } from '@/lib/upstream/client';
import { messageSchema } from '@/lib/upstream/contract';
import { countRecords, listRecords } from '@/lib/upstream/ra';
import { lackingArtifact } from './stuck-rules';
import { stuckFilter, type StuckQuery } from './stuck';

/** How many of the oldest stuck messages the breakdown (missing artifacts, workspaces) examines. */
export const BREAKDOWN_SAMPLE = 500;

export const OLDEST_FIRST = { field: 'last_updated_at', order: 'ASC' } as const;

/** The oldest stuck messages of a query, the sample its breakdown and missing-artifact groups are read from. */
export function readStuckSample(upstream: UpstreamClient, query: StuckQuery, now: number) {
  return listRecords(
    upstream,
    'messages',
    { sort: OLDEST_FIRST, range: { start: 0, end: BREAKDOWN_SAMPLE - 1 }, filter: stuckFilter(query, now) },
    messageSchema,
  );
}

/** The queue's total for a query at `now`; throws on a failed read. */
export async function countStuckQueue(upstream: UpstreamClient, query: StuckQuery, now: number): Promise<number> {
  if (!query.missing) return countRecords(upstream, 'messages', stuckFilter(query, now));
  const sample = await readStuckSample(upstream, query, now);
  return lackingArtifact(sample.rows, query.missing).length;
}
