/**
 * Days that stand out from their own recent past. For each judged day and each status (and for
 * the day's non-terminal share), the baseline is the same measure over the previous 28 days; the
 * day is flagged when it is more than 3 median absolute deviations (MAD) from the baseline's
 * median AND the change is at least a minimum (5 messages, 5 percentage points), so a quiet
 * status going from 0 to 2 is not news. Median and MAD ignore a few odd days in the baseline,
 * where a mean and standard deviation would be dragged by them. A flat baseline has a MAD of 0:
 * then any change past the minimum is flagged. A day without 28 days of series before it is not
 * judged, and the result says so.
 */
import { nonTerminalShare, type DailySeries } from './series';
import type { DayRange } from './days';

export interface AnomalyRules {
  /** Days of history each judged day is compared with. */
  baselineDays: number;
  /** How many MADs from the median count as a deviation. */
  madThreshold: number;
  /** Smallest change in a status's count that may be flagged. */
  minCountChange: number;
  /** Smallest change in the non-terminal share that may be flagged, in percentage points. */
  minSharePoints: number;
  /** A day with fewer messages than this is not judged on its share (2 of 3 is not a trend). */
  minShareTotal: number;
}

export const DEFAULT_ANOMALY_RULES: AnomalyRules = {
  baselineDays: 28,
  madThreshold: 3,
  minCountChange: 5,
  minSharePoints: 5,
  minShareTotal: 20,
};

/** What stood out: a status's count, or the non-terminal share (`measure: 'non-terminal-share'`). */
export interface Anomaly {
  date: string;
  measure: 'count' | 'non-terminal-share';
  /** The status whose count stood out; null for the share. */
  status: string | null;
  /** The day's value: a count, or a share in percent. */
  value: number;
  /** The baseline's median and MAD, in the same unit. */
  median: number;
  mad: number;
  direction: 'up' | 'down';
  /** In words, for the page's list and the digest. */
  reason: string;
}

export interface AnomalyReport {
  anomalies: Anomaly[];
  /** Days asked about that were judged. */
  judged: string[];
  /** Days asked about that were not, with why (too little history before them, the day not over). */
  notJudged: { days: string[]; reason: string }[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function medianAbsoluteDeviation(values: readonly number[], center = median(values)): number {
  return median(values.map((value) => Math.abs(value - center)));
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function judge(value: number, baseline: readonly number[], rules: AnomalyRules, minChange: number) {
  const center = median(baseline);
  const mad = medianAbsoluteDeviation(baseline, center);
  const change = value - center;
  const flagged = Math.abs(change) > rules.madThreshold * mad && Math.abs(change) >= minChange;
  return { flagged, center, mad, direction: change > 0 ? ('up' as const) : ('down' as const) };
}

/**
 * Anomalies on the days of `judge` (inside the series), using the series' earlier days as their
 * baseline. `incompleteFrom`: the first day that is not over yet (today); it and later days are
 * not judged.
 */
export function detectAnomalies(
  series: DailySeries,
  judgeRange: DayRange,
  options: { rules?: Partial<AnomalyRules>; incompleteFrom?: string } = {},
): AnomalyReport {
  const rules = { ...DEFAULT_ANOMALY_RULES, ...options.rules };
  const anomalies: Anomaly[] = [];
  const judged: string[] = [];
  const shortHistory: string[] = [];
  const notOver: string[] = [];
  const shares = series.days.map(nonTerminalShare);
  series.days.forEach((day, index) => {
    if (day.date < judgeRange.from || day.date > judgeRange.to) return;
    if (options.incompleteFrom !== undefined && day.date >= options.incompleteFrom) {
      notOver.push(day.date);
      return;
    }
    if (index < rules.baselineDays) {
      shortHistory.push(day.date);
      return;
    }
    judged.push(day.date);
    const window = series.days.slice(index - rules.baselineDays, index);
    for (const status of series.statuses) {
      const value = day.counts[status] ?? 0;
      const result = judge(
        value,
        window.map((past) => past.counts[status] ?? 0),
        rules,
        rules.minCountChange,
      );
      if (!result.flagged) continue;
      anomalies.push({
        date: day.date,
        measure: 'count',
        status,
        value,
        median: result.center,
        mad: result.mad,
        direction: result.direction,
        reason: `${status}: ${value} messages, ${result.direction === 'up' ? 'above' : 'below'} the ${rules.baselineDays}-day median of ${round(result.center)} (MAD ${round(result.mad)})`,
      });
    }
    if (day.total >= rules.minShareTotal) {
      const percent = (shares[index] ?? 0) * 100;
      const baseline = shares.slice(index - rules.baselineDays, index).map((share) => share * 100);
      const result = judge(percent, baseline, rules, rules.minSharePoints);
      if (result.flagged) {
        anomalies.push({
          date: day.date,
          measure: 'non-terminal-share',
          status: null,
          value: round(percent),
          median: round(result.center),
          mad: round(result.mad),
          direction: result.direction,
          reason: `non-terminal share ${round(percent)}%, ${result.direction === 'up' ? 'above' : 'below'} the ${rules.baselineDays}-day median of ${round(result.center)}% (MAD ${round(result.mad)} points)`,
        });
      }
    }
  });
  const notJudged: AnomalyReport['notJudged'] = [];
  if (shortHistory.length > 0) {
    notJudged.push({
      days: shortHistory,
      reason: `fewer than ${rules.baselineDays} days of history before ${shortHistory.length === 1 ? 'this day' : 'these days'}`,
    });
  }
  if (notOver.length > 0) notJudged.push({ days: notOver, reason: 'the day is not over yet' });
  return { anomalies, judged, notJudged };
}
