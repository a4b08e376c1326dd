/**
 * The service's daily statistics made regular: one entry per calendar day of a range, in order,
 * with every status seen anywhere in it (a day the service does not list is all zeros), and the
 * per-status totals and the non-terminal share the page, the dashboard and the digest show.
 */
import { KNOWN_MESSAGE_STATUSES, NON_TERMINAL_STATUSES, type DailyMessageStatistics } from '@/lib/upstream/contract';
import { daysFrom, type DayRange } from './days';

export interface DayCounts {
  date: string;
  /** The sum of `counts` (a day's total is the sum of its statuses). */
  total: number;
  /** Every status of the series, zeros included. */
  counts: Record<string, number>;
}

export interface DailySeries {
  range: DayRange;
  /** Known statuses in the contract's order, then any others alphabetically. */
  statuses: string[];
  days: DayCounts[];
}

const NON_TERMINAL = new Set<string>(NON_TERMINAL_STATUSES);
const KNOWN_ORDER = new Map<string, number>(
  [...KNOWN_MESSAGE_STATUSES, 'failed'].map((status, index) => [status, index]),
);

export function isNonTerminal(status: string): boolean {
  return NON_TERMINAL.has(status);
}

/** Statuses in display order: the known ones as the contract lists them, then the rest by name. */
export function orderStatuses(statuses: Iterable<string>): string[] {
  return [...new Set(statuses)].sort((a, b) => {
    const rankA = KNOWN_ORDER.get(a) ?? Number.MAX_SAFE_INTEGER;
    const rankB = KNOWN_ORDER.get(b) ?? Number.MAX_SAFE_INTEGER;
    return rankA !== rankB ? rankA - rankB : a < b ? -1 : a > b ? 1 : 0;
  });
}

/**
 * The days of `range` from the service's answer: missing days are zeros, a date listed twice is
 * summed, days outside the range are left out, negative or non-finite counts are read as zero.
 */
export function normaliseDaily(raw: readonly DailyMessageStatistics[], range: DayRange): DailySeries {
  const byDay = new Map<string, Map<string, number>>();
  const seen = new Set<string>();
  for (const entry of raw) {
    if (entry.date < range.from || entry.date > range.to) continue;
    let counts = byDay.get(entry.date);
    if (!counts) {
      counts = new Map();
      byDay.set(entry.date, counts);
    }
    for (const [status, count] of Object.entries(entry.statuses)) {
      const value = Number.isFinite(count) && count > 0 ? Math.round(count) : 0;
      counts.set(status, (counts.get(status) ?? 0) + value);
      seen.add(status);
    }
  }
  const statuses = orderStatuses(seen);
  const days = daysFrom(range.from, range.to).map((date): DayCounts => {
    const counts = Object.fromEntries(statuses.map((status) => [status, byDay.get(date)?.get(status) ?? 0]));
    return { date, total: Object.values(counts).reduce((sum, count) => sum + count, 0), counts };
  });
  return { range, statuses, days };
}

/** The part of a series inside `range` (which it must contain), with the same statuses. */
export function sliceSeries(series: DailySeries, range: DayRange): DailySeries {
  return {
    range,
    statuses: series.statuses,
    days: series.days.filter((day) => day.date >= range.from && day.date <= range.to),
  };
}

/** The earliest day the service has any message on, or null when it has none. */
export function firstDayWithData(raw: readonly DailyMessageStatistics[]): string | null {
  let first: string | null = null;
  for (const entry of raw) {
    if (Object.values(entry.statuses).some((count) => count > 0) && (first === null || entry.date < first))
      first = entry.date;
  }
  return first;
}

/** Share of a day's messages in a non-terminal status, 0 to 1 (0 for an empty day). */
export function nonTerminalShare(day: DayCounts): number {
  if (day.total === 0) return 0;
  let nonTerminal = 0;
  for (const [status, count] of Object.entries(day.counts)) if (isNonTerminal(status)) nonTerminal += count;
  return nonTerminal / day.total;
}

export interface SeriesTotals {
  total: number;
  byStatus: Record<string, number>;
  /** Non-terminal messages over all messages of the period, 0 to 1. */
  nonTerminalShare: number;
}

export function seriesTotals(series: DailySeries): SeriesTotals {
  const byStatus = Object.fromEntries(series.statuses.map((status) => [status, 0]));
  for (const day of series.days) for (const status of series.statuses) byStatus[status]! += day.counts[status] ?? 0;
  const total = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
  const nonTerminal = series.statuses.filter(isNonTerminal).reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
  return { total, byStatus, nonTerminalShare: total === 0 ? 0 : nonTerminal / total };
}
