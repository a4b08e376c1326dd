/** The trend components' reads: they open the console database here, never themselves. */
import 'server-only';
import { getConsoleDb } from '@/lib/db';
import { readTrendSettled } from './settled-trend';
import { stuckSamplerSettings } from './settings';
import { SERVICE_SCOPE, withMissingSlots, type TrendPoint } from './types';

/** The whole service's samples of the last `hours`, oldest first, unsampled slots as gaps. */
export async function readServiceTrend(hours: number, now: number): Promise<TrendPoint[]> {
  const { intervalMinutes } = stuckSamplerSettings();
  const points = await readTrendSettled(await getConsoleDb(), SERVICE_SCOPE, new Date(now - hours * 3_600_000), new Date(now + 60_000), { now, intervalMinutes });
  return withMissingSlots(points, intervalMinutes);
}
