/** The trend components' reads: they open the console database here, never themselves. */
import 'server-only';
import { getConsoleDb } from '@/lib/db';
import { readTrendSettled } from './settled-trend';
import { stuckSamplerSettings } from './settings';
import { sampledSince, SERVICE_SCOPE, withMissingSlots, type TrendPoint } from './types';

export interface ServiceTrend {
  /** Oldest first, unsampled slots between samples as gaps. */
  points: TrendPoint[];
  /** When the samples start later than the window: the first sampled minute. */
  sampledSince: Date | null;
}

/** The whole service's samples of the last `hours`. */
export async function readServiceTrend(hours: number, now: number): Promise<ServiceTrend> {
  const { intervalMinutes } = stuckSamplerSettings();
  const windowStart = new Date(now - hours * 3_600_000);
  const points = withMissingSlots(
    await readTrendSettled(await getConsoleDb(), SERVICE_SCOPE, windowStart, new Date(now + 60_000), {
      now,
      intervalMinutes,
    }),
    intervalMinutes,
  );
  return { points, sampledSince: sampledSince(points, windowStart, intervalMinutes) };
}
