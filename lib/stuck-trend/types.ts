/** The stuck trend's samples as callers see them. */

/** One minute of a scope: stuck counts per status, or a gap (null counts) with why. */
export interface TrendPoint {
  minute: Date;
  counts: Record<string, number> | null;
  error: string | null;
}

/** The scope key of the whole service's samples, and of an incident's. */
export const SERVICE_SCOPE = '';
export const incidentScopeKey = (incidentId: string) => `incident:${incidentId}`;

/** The sum over the statuses asked (every status when none), or null for a gap. */
export function trendTotal(point: TrendPoint, statuses: readonly string[] = []): number | null {
  if (point.counts === null) return null;
  const entries = Object.entries(point.counts).filter(([status]) => statuses.length === 0 || statuses.includes(status));
  return entries.reduce((sum, [, count]) => sum + count, 0);
}

/** One sample as the browser gets it: its minute (ISO and `HH:MM` UTC), counts, or a gap. */
export interface ChartPoint {
  minute: string;
  label: string;
  counts: Record<string, number> | null;
  error: string | null;
}

export function chartPoints(points: readonly TrendPoint[]): ChartPoint[] {
  return points.map((point) => ({ minute: point.minute.toISOString(), label: point.minute.toISOString().slice(11, 16), counts: point.counts, error: point.error }));
}

/**
 * One point per `minutes` (the last sample of each bucket that is not a gap, else its last gap):
 * a day's table a reader can go through.
 */
export function bucketed(points: readonly TrendPoint[], minutes: number): TrendPoint[] {
  const size = minutes * 60_000;
  const buckets = new Map<number, TrendPoint>();
  for (const point of points) {
    const key = Math.floor(point.minute.getTime() / size) * size;
    const kept = buckets.get(key);
    if (!kept || point.counts !== null || kept.counts === null) buckets.set(key, point);
  }
  return [...buckets.values()];
}

/**
 * The points with a gap for every slot between two samples that has none (no console was
 * sampling then), so that a chart never draws a line across minutes nobody measured.
 */
export function withMissingSlots(points: readonly TrendPoint[], intervalMinutes: number): TrendPoint[] {
  const size = intervalMinutes * 60_000;
  const filled: TrendPoint[] = [];
  for (const point of points) {
    const previous = filled.at(-1);
    if (previous) {
      for (let at = previous.minute.getTime() + size; at < point.minute.getTime(); at += size) filled.push({ minute: new Date(at), counts: null, error: 'no sample (no console was sampling)' });
    }
    filled.push(point);
  }
  return filled;
}
