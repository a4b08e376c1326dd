/** The trend components' reads: they open the console database here, never themselves. */
import 'server-only';
import { getConsoleDb } from '@/lib/db';
import { readTrend } from './store';
import { SERVICE_SCOPE, type TrendPoint } from './types';

/** The whole service's samples of the last `hours`, oldest first. */
export async function readServiceTrend(hours: number, now: number): Promise<TrendPoint[]> {
  return readTrend(await getConsoleDb(), SERVICE_SCOPE, new Date(now - hours * 3_600_000), new Date(now + 60_000));
}
