import { describe, expect, it } from 'vitest';
import { detectAnomalies, median, medianAbsoluteDeviation } from '@/lib/statistics/anomalies';
import { comparePeriods, statusPolarity } from '@/lib/statistics/compare';
import { addDays, dayOf, daysFrom, isDayKey, isTimeZone, lastCompleteDays, previousRange } from '@/lib/statistics/days';
import { nonTerminalShare, normaliseDaily, seriesTotals } from '@/lib/statistics/series';
import { reviewStatistics } from '@/lib/statistics/review';
import type { DailyMessageStatistics } from '@/lib/upstream/contract';

const entry = (date: string, statuses: Record<string, number>): DailyMessageStatistics => ({
  date,
  total: Object.values(statuses).reduce((a, b) => a + b, 0),
  statuses,
});

/** A series of `length` days from 2026-01-01 whose counts per status come from `count(day index)`. */
function crafted(length: number, counts: Record<string, (index: number) => number>): DailyMessageStatistics[] {
  return Array.from({ length }, (_, index) =>
    entry(
      addDays('2026-01-01', index),
      Object.fromEntries(Object.entries(counts).map(([status, count]) => [status, count(index)])),
    ),
  );
}
const rangeOf = (length: number) => ({ from: '2026-01-01', to: addDays('2026-01-01', length - 1) });
/** Small day-to-day noise: 0, 1, 2, 1, 0, ... */
const wobble = (index: number) => [0, 1, 2, 1][index % 4]!;

describe('days', () => {
  it('does calendar arithmetic on UTC days and reads days in a zone', () => {
    expect(isDayKey('2026-02-28')).toBe(true);
    expect(isDayKey('2026-02-30')).toBe(false);
    expect(isDayKey('2026-2-3')).toBe(false);
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(daysFrom('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    const lateEvening = Date.UTC(2026, 10, 22, 23, 30);
    expect(dayOf(lateEvening)).toBe('2026-11-22');
    expect(dayOf(lateEvening, 'Europe/Paris')).toBe('2026-11-23');
    expect(dayOf(lateEvening, 'America/New_York')).toBe('2026-11-22');
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(lastCompleteDays(7, lateEvening)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(lastCompleteDays(7, lateEvening, 'Europe/Paris')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(previousRange({ from: '2026-11-15', to: '2026-11-21' })).toEqual({ from: '2026-11-08', to: '2026-11-14' });
  });
});

describe('normaliseDaily', () => {
  it('gives every day of the range, missing days as zeros, with every status seen', () => {
    const series = normaliseDaily(
      [
        entry('2026-01-03', { active: 4, failed: 1 }),
        entry('2026-01-01', { active: 2, 'custom-x': 1 }),
        entry('2025-12-31', { active: 99 }),
      ],
      { from: '2026-01-01', to: '2026-01-04' },
    );
    expect(series.statuses).toEqual(['active', 'failed', 'custom-x']);
    expect(series.days.map((day) => day.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']);
    expect(series.days[1]).toEqual({ date: '2026-01-02', total: 0, counts: { active: 0, failed: 0, 'custom-x': 0 } });
    expect(series.days[2]!.total).toBe(5);
    expect(seriesTotals(series)).toEqual({
      total: 8,
      byStatus: { active: 6, failed: 1, 'custom-x': 1 },
      nonTerminalShare: 0,
    });
  });

  it('sums a date listed twice and reads negative counts as zero', () => {
    const series = normaliseDaily(
      [entry('2026-01-01', { active: 2, processing: -3 }), entry('2026-01-01', { active: 1, processing: 1 })],
      { from: '2026-01-01', to: '2026-01-01' },
    );
    expect(series.days[0]).toEqual({ date: '2026-01-01', total: 4, counts: { processing: 1, active: 3 } });
    expect(nonTerminalShare(series.days[0]!)).toBe(0.25);
  });
});

describe('comparePeriods', () => {
  it('gives per-status totals, deltas and whether each change is good news', () => {
    const current = normaliseDaily([entry('2026-01-08', { active: 30, failed: 6, processing: 2, scheduled: 5 })], {
      from: '2026-01-08',
      to: '2026-01-14',
    });
    const previous = normaliseDaily([entry('2026-01-01', { active: 20, failed: 2, processing: 4 })], {
      from: '2026-01-01',
      to: '2026-01-07',
    });
    const comparison = comparePeriods(current, previous);
    const row = (status: string) => comparison.statuses.find((entry) => entry.status === status);
    expect(row('active')).toMatchObject({ current: 30, previous: 20, delta: 10, relative: 0.5, verdict: 'good' });
    expect(row('failed')).toMatchObject({ current: 6, previous: 2, delta: 4, relative: 2, verdict: 'bad' });
    expect(row('processing')).toMatchObject({ delta: -2, verdict: 'good' });
    expect(row('scheduled')).toMatchObject({ previous: 0, relative: null, verdict: 'neutral' });
    expect(comparison.total).toEqual({ current: 43, previous: 26, delta: 17, relative: 17 / 26 });
    expect(comparison.nonTerminalShare.verdict).toBe('good');
    expect(statusPolarity('inprogress')).toBe('higher-is-worse');
    expect(statusPolarity('canceled')).toBe('neutral');
  });
});

describe('detectAnomalies', () => {
  it('computes median and MAD', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(medianAbsoluteDeviation([1, 2, 3, 4, 100])).toBe(1);
  });

  it('flags nothing on a flat series, even a noisy one', () => {
    const raw = crafted(60, { active: (i) => 40 + wobble(i), processing: (i) => 2 + wobble(i), failed: () => 1 });
    const report = detectAnomalies(normaliseDaily(raw, rangeOf(60)), rangeOf(60));
    expect(report.anomalies).toEqual([]);
    expect(report.judged).toHaveLength(32);
  });

  it('flags a one-day spike, on that day only', () => {
    const raw = crafted(45, { active: (i) => 40 + wobble(i), failed: (i) => (i === 40 ? 25 : 1 + (i % 2)) });
    const report = detectAnomalies(normaliseDaily(raw, rangeOf(45)), rangeOf(45));
    expect(report.anomalies).toHaveLength(1);
    expect(report.anomalies[0]).toMatchObject({
      date: addDays('2026-01-01', 40),
      measure: 'count',
      status: 'failed',
      value: 25,
      direction: 'up',
    });
    expect(report.anomalies[0]!.reason).toMatch(/^failed: 25 messages, above the 28-day median of 1\.5/);
  });

  it('flags a slow pile-up once it has moved far enough, and its non-terminal share', () => {
    // Flat for 35 days, then one more message stuck in processing each day.
    const raw = crafted(50, { active: (i) => 40 + wobble(i), processing: (i) => 2 + wobble(i) + Math.max(0, i - 34) });
    const report = detectAnomalies(normaliseDaily(raw, rangeOf(50)), rangeOf(50));
    const processing = report.anomalies.filter((anomaly) => anomaly.status === 'processing');
    expect(processing.length).toBeGreaterThan(5);
    // Not on its first small steps (less than the minimum change), but from then on.
    expect(processing[0]!.date > addDays('2026-01-01', 36)).toBe(true);
    expect(processing.at(-1)!.date).toBe(addDays('2026-01-01', 49));
    expect(
      report.anomalies.some((anomaly) => anomaly.measure === 'non-terminal-share' && anomaly.direction === 'up'),
    ).toBe(true);
  });

  it('does not flag small counts moving a little', () => {
    const raw = crafted(40, { failed: (i) => (i === 35 ? 4 : 0), active: () => 3 });
    expect(detectAnomalies(normaliseDaily(raw, rangeOf(40)), rangeOf(40)).anomalies).toEqual([]);
  });

  it('reads missing days as zeros: a day with none after steady days is a drop', () => {
    const raw = crafted(40, { active: () => 40 }).filter((day) => day.date !== addDays('2026-01-01', 35));
    const report = detectAnomalies(normaliseDaily(raw, rangeOf(40)), rangeOf(40));
    expect(report.anomalies).toEqual([
      expect.objectContaining({ date: addDays('2026-01-01', 35), status: 'active', value: 0, direction: 'down' }),
    ]);
  });

  it('says a series shorter than the baseline is not judged instead of flagging', () => {
    const raw = crafted(20, { failed: (i) => (i === 15 ? 50 : 1) });
    const report = detectAnomalies(normaliseDaily(raw, rangeOf(20)), rangeOf(20));
    expect(report.anomalies).toEqual([]);
    expect(report.judged).toEqual([]);
    expect(report.notJudged).toEqual([
      {
        days: daysFrom('2026-01-01', addDays('2026-01-01', 19)),
        reason: 'fewer than 28 days of history before these days',
      },
    ]);
  });

  it('does not judge a day that is not over', () => {
    const raw = crafted(40, { active: (i) => (i === 39 ? 3 : 40) });
    const report = detectAnomalies(normaliseDaily(raw, rangeOf(40)), rangeOf(40), {
      incompleteFrom: addDays('2026-01-01', 39),
    });
    expect(report.anomalies).toEqual([]);
    expect(report.notJudged).toContainEqual({ days: [addDays('2026-01-01', 39)], reason: 'the day is not over yet' });
  });
});

describe('reviewStatistics', () => {
  it('compares the range with the previous one and judges it against the days before it', () => {
    const raw = crafted(70, { active: (i) => 40 + wobble(i), failed: (i) => (i === 66 ? 30 : 1) });
    const range = { from: addDays('2026-01-01', 63), to: addDays('2026-01-01', 69) };
    const review = reviewStatistics(raw, { range, timeZone: 'UTC', now: Date.parse('2026-06-01T00:00:00Z') });
    expect(review.previousRange).toEqual({ from: addDays('2026-01-01', 56), to: addDays('2026-01-01', 62) });
    expect(review.current.days).toHaveLength(7);
    expect(review.comparison.statuses.find((row) => row.status === 'failed')).toMatchObject({
      current: 36,
      previous: 7,
      verdict: 'bad',
    });
    expect(review.anomalies.judged).toHaveLength(7);
    expect(review.anomalies.anomalies.map((anomaly) => [anomaly.date, anomaly.status])).toEqual([
      [addDays('2026-01-01', 66), 'failed'],
    ]);
  });

  it('does not take the days before the service has any data as a baseline of zeros', () => {
    const raw = crafted(10, { active: () => 40 });
    const review = reviewStatistics(raw, {
      range: rangeOf(10),
      timeZone: 'UTC',
      now: Date.parse('2026-06-01T00:00:00Z'),
    });
    expect(review.anomalies.anomalies).toEqual([]);
    expect(review.anomalies.notJudged[0]?.days).toHaveLength(10);
    expect(review.previous.days).toHaveLength(10);
    expect(review.comparison.total.previous).toBe(0);
  });
});
