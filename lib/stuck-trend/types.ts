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

/**
 * The chart's samples as the browser gets them, by column rather than an object per point: a day
 * is 1,440 minutes, and as objects their repeated keys made up much of the dashboard's payload
 * and of its server time. `counts[status][i]` is the count at `minutes[i]`, null where
 * that point is a gap.
 */
export interface ChartSeries {
  /** Each point's minute, as epoch minutes. */
  minutes: number[];
  counts: Record<string, (number | null)[]>;
}

export function chartSeries(points: readonly TrendPoint[], statuses: readonly string[]): ChartSeries {
  return {
    minutes: points.map((point) => Math.round(point.minute.getTime() / 60_000)),
    counts: Object.fromEntries(
      statuses.map((status) => [
        status,
        points.map((point) => (point.counts === null ? null : (point.counts[status] ?? 0))),
      ]),
    ),
  };
}

/** A minute's `HH:MM` in UTC, the chart's axis label. */
export function minuteLabel(epochMinute: number): string {
  return new Date(epochMinute * 60_000).toISOString().slice(11, 16);
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

/** The bucket sizes a trend's table may use (and the steps of its chart's axis), in minutes: each divides an hour or a day evenly. */
const TABLE_BUCKETS_MINUTES = [1, 5, 15, 30, 60, 120, 240, 360, 720, 1440] as const;

/** The most labels on the chart's time axis: a day's comes out as every 2 hours. */
export const AXIS_MAX_TICKS = 12;

/**
 * The minutes the chart's time axis labels: those on the smallest round step (a bucket size
 * above, which divides an hour or a day) that keeps the labels to `maxTicks`, so the axis reads
 * 14:00, 16:00, 18:00 rather than every nth sample's minute (13:13, 13:29, 13:45).
 */
export function axisTickMinutes(minutes: readonly number[], maxTicks: number = AXIS_MAX_TICKS): number[] {
  const first = minutes[0];
  const last = minutes.at(-1);
  if (first === undefined || last === undefined) return [];
  const ticks = (step: number) => Math.floor(last / step) - Math.ceil(first / step) + 1;
  const step =
    TABLE_BUCKETS_MINUTES.find((minutesPerStep) => ticks(minutesPerStep) <= maxTicks) ?? TABLE_BUCKETS_MINUTES.at(-1)!;
  return minutes.filter((minute) => minute % step === 0);
}

/** The most rows a trend's table shows: a day by the quarter hour is 96 or 97. */
export const TABLE_MAX_ROWS = 100;

/**
 * The smallest bucket that keeps the table of these points to `TABLE_MAX_ROWS` rows: a minute
 * for a short incident, a quarter hour for the dashboard's day, a day for a month-long incident.
 */
export function tableBucketMinutes(points: readonly TrendPoint[]): number {
  const first = points[0]?.minute.getTime();
  const last = points.at(-1)?.minute.getTime();
  if (first === undefined || last === undefined) return 1;
  const rows = (minutes: number) => Math.floor(last / (minutes * 60_000)) - Math.floor(first / (minutes * 60_000)) + 1;
  return TABLE_BUCKETS_MINUTES.find((minutes) => rows(minutes) <= TABLE_MAX_ROWS) ?? TABLE_BUCKETS_MINUTES.at(-1)!;
}

/**
 * The chart's numbers as its table shows them: a row per bucket (`bucketed`, by the minute when
 * that stays within `TABLE_MAX_ROWS`) in the chart's columns, and why each gap row is one. The
 * browser renders the table from this only when it is asked for (trend-table-disclosure.tsx).
 */
export interface TrendTableData extends ChartSeries {
  /** How long a row is, in minutes: 1 for a short incident, 15 for the dashboard's day. */
  bucketMinutes: number;
  /** By row index: the reason of each gap that has one. */
  gapReasons: Record<number, string>;
}

export function trendTableData(points: readonly TrendPoint[], statuses: readonly string[]): TrendTableData {
  const bucketMinutes = tableBucketMinutes(points);
  const rows = bucketMinutes === 1 ? points : bucketed(points, bucketMinutes);
  const gapReasons: Record<number, string> = {};
  rows.forEach((row, index) => {
    if (row.error) gapReasons[index] = row.error;
  });
  return { ...chartSeries(rows, statuses), bucketMinutes, gapReasons };
}

/** A minute as the trend's table writes it: `YYYY-MM-DD HH:MM`, in UTC. */
export function minuteText(epochMinute: number): string {
  return new Date(epochMinute * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * The first sampled minute when the samples start later than the window (the console was not
 * sampling before): a chart titled "last 24 hours" then spans less, and says from when. Null when
 * they start within a sampling interval of the window's start, or there are none.
 */
export function sampledSince(points: readonly TrendPoint[], windowStart: Date, intervalMinutes: number): Date | null {
  const first = points[0]?.minute;
  if (!first) return null;
  return first.getTime() - windowStart.getTime() > intervalMinutes * 60_000 ? first : null;
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
      for (let at = previous.minute.getTime() + size; at < point.minute.getTime(); at += size)
        filled.push({ minute: new Date(at), counts: null, error: 'no sample (no console was sampling)' });
    }
    filled.push(point);
  }
  return filled;
}
