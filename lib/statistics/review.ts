/**
 * One review of the service's daily statistics, the same for the page, the dashboard and the
 * digest: the selected days, the previous period of the same length, their comparison and the
 * anomalies of the selected days, each judged against the 28 days before it.
 */
import type { DailyMessageStatistics } from '@/lib/upstream/contract';
import { DEFAULT_ANOMALY_RULES, detectAnomalies, type AnomalyReport, type AnomalyRules } from './anomalies';
import { comparePeriods, type PeriodComparison } from './compare';
import { addDays, dayOf, previousRange, type DayRange } from './days';
import { firstDayWithData, normaliseDaily, sliceSeries, type DailySeries } from './series';

export interface StatisticsReview {
  range: DayRange;
  previousRange: DayRange;
  /** The zone whose calendar days these are. */
  timeZone: string;
  current: DailySeries;
  previous: DailySeries;
  comparison: PeriodComparison;
  anomalies: AnomalyReport;
}

export interface ReviewOptions {
  range: DayRange;
  timeZone: string;
  /** Epoch ms: decides which day is today (not over, so not judged). */
  now: number;
  rules?: Partial<AnomalyRules>;
}

export function reviewStatistics(raw: readonly DailyMessageStatistics[], options: ReviewOptions): StatisticsReview {
  const { range, timeZone } = options;
  const previous = previousRange(range);
  const baselineDays = options.rules?.baselineDays ?? DEFAULT_ANOMALY_RULES.baselineDays;
  // The baseline reaches back before the range, but not before the service's first day: days
  // before it are "no history", not a baseline of zeros that would make every first day a spike.
  const first = firstDayWithData(raw);
  const wanted = addDays(range.from, -baselineDays);
  const historyFrom = first && first > wanted ? (first < range.from ? first : range.from) : wanted;
  const history = normaliseDaily(raw, {
    from: historyFrom < previous.from ? historyFrom : previous.from,
    to: range.to,
  });
  const anomalySeries = sliceSeries(history, { from: historyFrom, to: range.to });
  return {
    range,
    previousRange: previous,
    timeZone,
    current: sliceSeries(history, range),
    previous: sliceSeries(history, previous),
    comparison: comparePeriods(sliceSeries(history, range), sliceSeries(history, previous)),
    anomalies: detectAnomalies(anomalySeries, range, {
      rules: options.rules,
      incompleteFrom: dayOf(options.now, timeZone),
    }),
  };
}
