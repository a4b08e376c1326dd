/**
 * The stuck queue's and the dashboard's reads of the service, in one place: pages read through
 * these, never through lib/upstream directly. Every read of a page goes out at once.
 */
import 'server-only';
import { readFromService } from '@/lib/auth/session';
import type { UpstreamClient } from '@/lib/upstream/client';
import { messageSchema, NON_TERMINAL_STATUSES, type Message } from '@/lib/upstream/contract';
import { countRecords, listRecords } from '@/lib/upstream/ra';
import { OLDEST_FIRST, readStuckSample } from './count';
import { AGE_BUCKETS, lackingArtifact, missingArtifacts, type ArtifactId } from './stuck-rules';
import { stuckFilter, type StuckQuery } from './stuck';

const NEWEST_FIRST = { field: 'last_updated_at', order: 'DESC' } as const;

/** The service's order for the table's order by age (oldest first is the longest age first). */
export const stuckListSort = (ageOrder: 'asc' | 'desc') => (ageOrder === 'desc' ? OLDEST_FIRST : NEWEST_FIRST);

/**
 * The stuck queue: its service filter, a count per status and age group, the oldest messages as a sample for the
 * breakdown, and the page asked for (none when the page is read from the sample: the service
 * cannot filter on missing artifacts).
 */
export async function readStuckQueue(
  upstream: UpstreamClient,
  query: StuckQuery,
  page: number,
  now: number,
  table: { size: number; ageOrder: 'asc' | 'desc' },
) {
  const size = table.size;
  const filter = stuckFilter(query, now);
  const groupKeys = query.statuses.flatMap((status) => AGE_BUCKETS.map((bucket) => ({ status, age: bucket.id })));
  const [groups, sample, listed] = await Promise.all([
    readFromService(
      Promise.all(
        groupKeys.map((key) =>
          countRecords(upstream, 'messages', stuckFilter({ ...query, statuses: [key.status], age: key.age }, now)),
        ),
      ),
    ),
    readFromService(readStuckSample(upstream, query, now)),
    query.missing
      ? Promise.resolve(null)
      : readFromService(
          listRecords(
            upstream,
            'messages',
            { sort: stuckListSort(table.ageOrder), range: { start: (page - 1) * size, end: page * size - 1 }, filter },
            messageSchema,
          ),
        ),
  ]);
  return { filter, groupKeys, groups, sample, listed };
}

/** The dashboard's figures: the number of users, and of messages stuck in each non-terminal status. */
export async function readDashboardCounts(upstream: UpstreamClient, threshold: number, now: number) {
  const statuses = [...NON_TERMINAL_STATUSES];
  const [userCount, stuckCounts] = await Promise.all([
    readFromService(countRecords(upstream, 'users')),
    readFromService(
      Promise.all(
        statuses.map((status) =>
          countRecords(upstream, 'messages', stuckFilter({ threshold, statuses: [status] }, now)),
        ),
      ),
    ),
  ]);
  return { statuses, userCount, stuckCounts };
}

/** The other messages stuck the way one message is, as the stuck queue would list them. */
export interface StuckAlike {
  /** The stuck queue's query that lists them (this message among them when it is stuck itself). */
  query: StuckQuery;
  /** Others stuck in the same status, workspace and channel. */
  sameStatus: number;
  /** Of those, the others also lacking `missing` (as many as sameStatus when nothing is missing). */
  sameWay: number;
  /** How many messages the `missing` count examined (the queue's sample, oldest first). */
  examined: number;
}

/**
 * How many other messages of the message's workspace and channel are stuck in its status and lack
 * its first missing artifact: the stuck queue's own filter and sample (readStuckQueue), so the
 * count and the queue the page links to agree.
 */
export async function readStuckAlike(
  upstream: UpstreamClient,
  message: Message,
  threshold: number,
  now: number,
): Promise<StuckAlike | null> {
  const statuses = NON_TERMINAL_STATUSES.filter((status) => status === message.status);
  const workspace = message.workspace_guid ?? undefined;
  const channel = message.channel_guids?.[0];
  if (statuses.length === 0 || !workspace || !channel) return null;
  const missing: ArtifactId | undefined = missingArtifacts(message)[0];
  const query: StuckQuery = { threshold, statuses, workspace, channel, ...(missing ? { missing } : {}) };
  const sample = await readStuckSample(upstream, query, now);
  const others = sample.rows.filter((row) => row.id !== message.id);
  const listedSelf = others.length < sample.rows.length;
  return {
    query,
    sameStatus: sample.total - (listedSelf ? 1 : 0),
    sameWay: missing ? lackingArtifact(others, missing).length : others.length,
    examined: sample.rows.length,
  };
}
