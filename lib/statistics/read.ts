/**
 * The statistics area's one read: the service's daily statistics in the asked zone, reviewed.
 * Shared by the page, its CSV export and the dashboard, so all three show the same numbers.
 */
import 'server-only';
import type { UpstreamClient } from '@/lib/upstream/client';
import { getDailyMessageStatistics } from '@/lib/upstream/statistics';
import type { DayRange } from './days';
import { reviewStatistics, type StatisticsReview } from './review';

export async function readStatisticsReview(
  upstream: UpstreamClient,
  query: { range: DayRange; timeZone: string },
  now: number,
): Promise<StatisticsReview> {
  const raw = await getDailyMessageStatistics(upstream, { timeZone: query.timeZone });
  return reviewStatistics(raw, { range: query.range, timeZone: query.timeZone, now });
}
