/** The trend's points for charts: unsampled slots become gaps, a day's table is bucketed, the chart gets columns. */
import { describe, expect, it } from 'vitest';
import { bucketed, chartSeries, minuteLabel, trendTotal, withMissingSlots, type TrendPoint } from '@/lib/stuck-trend/types';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));
const sample = (minute: number, processing: number | null): TrendPoint => ({ minute: at(minute), counts: processing === null ? null : { processing, paused: 1 }, error: processing === null ? 'server 503' : null });

describe('trend points', () => {
  it('fills the slots nobody sampled with gaps, not with zero or a line across', () => {
    const filled = withMissingSlots([sample(0, 4), sample(3, 2)], 1);
    expect(filled.map((point) => [point.minute.getUTCMinutes(), point.counts?.processing ?? null])).toEqual([[0, 4], [1, null], [2, null], [3, 2]]);
    expect(filled[1]!.error).toContain('no sample');
  });

  it('keeps the last counted sample of each bucket, a gap only when the bucket has nothing else', () => {
    const points = bucketed([sample(0, 4), sample(5, null), sample(16, null), sample(20, 3), sample(31, null)], 15);
    expect(points.map((point) => [point.minute.getUTCMinutes(), point.counts?.processing ?? null])).toEqual([[0, 4], [20, 3], [31, null]]);
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
});
