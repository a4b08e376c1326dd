/**
 * A period against the previous one of the same length: per-status totals, the change, and
 * whether the change is good news. More `failed` or more messages in a non-terminal status is
 * bad (they pile up when processing stalls); more `active` is good; other statuses are neutral.
 */
import { isNonTerminal, orderStatuses, seriesTotals, type DailySeries } from './series';

export type Polarity = 'higher-is-better' | 'higher-is-worse' | 'neutral';
export type Verdict = 'good' | 'bad' | 'neutral';

const HIGHER_IS_WORSE = new Set(['failed', 'paused', 'offline']);
const HIGHER_IS_BETTER = new Set(['active']);

export function statusPolarity(status: string): Polarity {
  if (HIGHER_IS_BETTER.has(status)) return 'higher-is-better';
  if (HIGHER_IS_WORSE.has(status) || isNonTerminal(status)) return 'higher-is-worse';
  return 'neutral';
}

export function verdict(delta: number, polarity: Polarity): Verdict {
  if (delta === 0 || polarity === 'neutral') return 'neutral';
  return delta > 0 === (polarity === 'higher-is-better') ? 'good' : 'bad';
}

export interface StatusComparison {
  status: string;
  current: number;
  previous: number;
  delta: number;
  /** The change relative to the previous period; null when the previous period had none. */
  relative: number | null;
  verdict: Verdict;
}

export interface PeriodComparison {
  statuses: StatusComparison[];
  total: { current: number; previous: number; delta: number; relative: number | null };
  /** Non-terminal share of each period, 0 to 1, and its change in percentage points. */
  nonTerminalShare: { current: number; previous: number; deltaPoints: number; verdict: Verdict };
}

const relativeChange = (current: number, previous: number) => (previous === 0 ? null : (current - previous) / previous);

export function comparePeriods(current: DailySeries, previous: DailySeries): PeriodComparison {
  const now = seriesTotals(current);
  const before = seriesTotals(previous);
  const statuses = orderStatuses([...current.statuses, ...previous.statuses]).map((status): StatusComparison => {
    const a = now.byStatus[status] ?? 0;
    const b = before.byStatus[status] ?? 0;
    return {
      status,
      current: a,
      previous: b,
      delta: a - b,
      relative: relativeChange(a, b),
      verdict: verdict(a - b, statusPolarity(status)),
    };
  });
  const deltaPoints = (now.nonTerminalShare - before.nonTerminalShare) * 100;
  return {
    statuses,
    total: {
      current: now.total,
      previous: before.total,
      delta: now.total - before.total,
      relative: relativeChange(now.total, before.total),
    },
    nonTerminalShare: {
      current: now.nonTerminalShare,
      previous: before.nonTerminalShare,
      deltaPoints,
      // Rounding noise is no news.
      verdict: Math.abs(deltaPoints) < 0.05 ? 'neutral' : verdict(deltaPoints, 'higher-is-worse'),
    },
  };
}
