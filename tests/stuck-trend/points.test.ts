/** The trend's points for charts: unsampled slots become gaps, a day's table is bucketed, the chart gets columns. */
import { describe, expect, it } from 'vitest';
import {
  axisTickMinutes,
  bucketed,
  chartSeries,
  minuteLabel,
  minuteText,
  sampledSince,
  TABLE_MAX_ROWS,
  tableBucketMinutes,
  trendTableData,
  trendTotal,
  withMissingSlots,
  type TrendPoint,
} from '@/lib/stuck-trend/types';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));
const sample = (minute: number, processing: number | null): TrendPoint => ({
  minute: at(minute),
  counts: processing === null ? null : { processing, paused: 1 },
  error: processing === null ? 'server 503' : null,
});

describe('trend points', () => {
  it('fills the slots nobody sampled with gaps, not with zero or a line across', () => {
    const filled = withMissingSlots([sample(0, 4), sample(3, 2)], 1);
    expect(filled.map((point) => [point.minute.getUTCMinutes(), point.counts?.processing ?? null])).toEqual([
      [0, 4],
      [1, null],
      [2, null],
      [3, 2],
    ]);
    expect(filled[1]!.error).toContain('no sample');
  });

  it('says from when the samples start, when that is later than the window by more than an interval', () => {
    expect(sampledSince([sample(30, 4), sample(31, 2)], at(0), 1)?.toISOString()).toBe(at(30).toISOString());
    expect(sampledSince([sample(1, 4)], at(0), 1)).toBeNull();
    expect(sampledSince([sample(4, 4)], at(0), 5)).toBeNull();
    expect(sampledSince([sample(6, 4)], at(0), 5)?.toISOString()).toBe(at(6).toISOString());
    expect(sampledSince([], at(0), 1)).toBeNull();
  });

  it('keeps the last counted sample of each bucket, a gap only when the bucket has nothing else', () => {
    const points = bucketed([sample(0, 4), sample(5, null), sample(16, null), sample(20, 3), sample(31, null)], 15);
    expect(points.map((point) => [point.minute.getUTCMinutes(), point.counts?.processing ?? null])).toEqual([
      [0, 4],
      [20, 3],
      [31, null],
    ]);
  });

  it('picks the smallest table bucket that keeps a period to a table one can go through', () => {
    const minutes = (count: number, start = 7) =>
      Array.from({ length: count }, (_, index) => ({
        ...sample(0, 1),
        minute: new Date(at(start).getTime() + index * 60_000),
      }));
    expect(tableBucketMinutes([])).toBe(1);
    expect(tableBucketMinutes(minutes(90))).toBe(1);
    expect(tableBucketMinutes(minutes(180))).toBe(5);
    // The dashboard's day, not aligned to the quarter hour: 97 buckets of 15 minutes.
    expect(tableBucketMinutes(minutes(1_440))).toBe(15);
    expect(bucketed(minutes(1_440), 15).length).toBe(97);
    expect(tableBucketMinutes(minutes(3 * 1_440))).toBe(60);
    expect(tableBucketMinutes(minutes(40 * 1_440))).toBe(720);
    expect(tableBucketMinutes(minutes(400 * 1_440))).toBe(1_440);
    for (const count of [1, 100, 101, 700, 5_000, 20_000]) {
      const points = minutes(count, 59);
      const bucket = tableBucketMinutes(points);
      expect(bucket === 1_440 || bucketed(points, bucket).length <= TABLE_MAX_ROWS).toBe(true);
    }
  });

  it('labels the time axis on round minutes: every 2 hours for a day, every half hour for 5 hours, every 5 minutes for 40', () => {
    const span = (firstIso: string, count: number) => {
      const first = Date.parse(firstIso) / 60_000;
      return Array.from({ length: count }, (_, index) => first + index);
    };
    expect(axisTickMinutes(span('2026-11-26T18:19:00Z', 1440)).map(minuteLabel)).toEqual([
      '20:00',
      '22:00',
      '00:00',
      '02:00',
      '04:00',
      '06:00',
      '08:00',
      '10:00',
      '12:00',
      '14:00',
      '16:00',
      '18:00',
    ]);
    expect(axisTickMinutes(span('2026-11-27T13:13:00Z', 306)).map(minuteLabel)).toEqual([
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
      '18:00',
    ]);
    expect(axisTickMinutes(span('2026-11-27T09:58:00Z', 40)).map(minuteLabel)).toEqual([
      '10:00',
      '10:05',
      '10:10',
      '10:15',
      '10:20',
      '10:25',
      '10:30',
      '10:35',
    ]);
    // A week (an incident left open) steps by the day; a minute missing from the series has no label.
    expect(
      axisTickMinutes(span('2026-11-20T00:00:00Z', 7 * 1440)).map((minute) =>
        new Date(minute * 60_000).toISOString().slice(0, 10),
      ),
    ).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
    const withoutTen = Array.from({ length: 41 }, (_, index) => 600 + index).filter((minute) => minute !== 610);
    expect(axisTickMinutes(withoutTen)).toEqual([600, 605, 615, 620, 625, 630, 635, 640]);
    expect(axisTickMinutes([])).toEqual([]);
  });

  it('totals the statuses asked, and a gap has no total', () => {
    expect(trendTotal(sample(0, 4))).toBe(5);
    expect(trendTotal(sample(0, 4), ['processing'])).toBe(4);
    expect(trendTotal(sample(0, null))).toBeNull();
  });

  it('gives the chart one column per status asked, a gap as null in every column and a missing status as zero', () => {
    const series = chartSeries([sample(0, 4), sample(1, null), sample(2, 0)], ['processing', 'paused', 'initializing']);
    expect(series.minutes.map(minuteLabel)).toEqual(['10:00', '10:01', '10:02']);
    expect(series.counts).toEqual({ processing: [4, null, 0], paused: [1, null, 1], initializing: [0, null, 0] });
  });

  it("gives the table the chart's columns, a row per bucket, and each gap's reason by row", () => {
    // A short period: by the minute, every point a row.
    const short = trendTableData([sample(0, 4), sample(1, null), sample(2, 0)], ['processing']);
    expect(short).toEqual({
      bucketMinutes: 1,
      minutes: short.minutes,
      counts: { processing: [4, null, 0] },
      gapReasons: { 1: 'server 503' },
    });
    expect(short.minutes.map(minuteText)).toEqual(['2026-11-20 10:00', '2026-11-20 10:01', '2026-11-20 10:02']);
    // A day: 97 rows of 15 minutes, the same rows as bucketed() gives.
    const day = Array.from({ length: 1_440 }, (_, index) => sample(7 + index, index === 100 ? null : index));
    const table = trendTableData(day, ['processing', 'paused']);
    const rows = bucketed(day, 15);
    expect(table.bucketMinutes).toBe(15);
    expect(table.minutes).toEqual(chartSeries(rows, []).minutes);
    expect(table.counts.processing).toEqual(rows.map((row) => row.counts?.processing ?? null));
    // The gap at the day's 100th minute shares its quarter hour with counted samples: no gap row.
    expect(table.gapReasons).toEqual({});
  });
});
