/** GET /admin/message/statistics: counts of messages per status per day. */
import type { UpstreamClient } from './client';
import { dailyMessageStatisticsListSchema, type DailyMessageStatistics } from './contract';
import { STATISTICS_TIME_ZONE_PARAM } from './contract/statistics';

/** Every day the service has, oldest first as it answers them; days in `timeZone` (UTC when omitted). */
export async function getDailyMessageStatistics(
  client: UpstreamClient,
  options: { timeZone?: string; signal?: AbortSignal } = {},
): Promise<DailyMessageStatistics[]> {
  const query =
    options.timeZone && options.timeZone !== 'UTC' ? { [STATISTICS_TIME_ZONE_PARAM]: options.timeZone } : undefined;
  const response = await client.request({
    method: 'GET',
    path: '/admin/message/statistics',
    query,
    schema: dailyMessageStatisticsListSchema,
    signal: options.signal,
  });
  return response.data;
}
