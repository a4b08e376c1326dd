/**
 * Rows of a side-by-side bench (`BENCH_BASE=<rev> npm run bench`): the current console beside a
 * base commit's, both measured in the same run. Pure functions only, so they have unit tests.
 *
 * Where the budget is a fixed limit (first-load JS, server CPU per page) the base is shown beside
 * it. Where the budget is "no worse than the base" (the first-row ratios), the limit is the base's
 * figure moved by the run's noise, as `medianDifferenceNoise` defines it.
 */
import { budgetRow, percentile, ratio, round1, type BudgetRow, type BudgetSpec } from './budgets';
import type { CpuComparison } from './server-cpu';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The base's side of a row for the anchor column: `base 158.2 kB`, `base 1.95x`, `base n/a (why)`. */
export function baseFigure(value: number | null, unit: string, reason?: string): string {
  if (value === null || !Number.isFinite(value)) return `base n/a${reason ? ` (${reason})` : ''}`;
  return unit === 'x' ? `base ${value.toFixed(2)}x` : `base ${value} ${unit}`;
}

/** A median's standard error from its samples' spread: IQR / 1.349 estimates σ, 1.2533 σ / √n the error. */
function medianStandardError(values: readonly number[]): number {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length < 2) return 0;
  const spread = percentile(finite, 0.75) - percentile(finite, 0.25);
  return (1.2533 * (spread / 1.349)) / Math.sqrt(finite.length);
}

/**
 * The run's noise in the difference between two medians, each taken over rounds: twice the
 * standard error of the difference, each median's error estimated from the interquartile range
 * of its own rounds (robust to the odd load that met a burst of other work). With one round there
 * is no spread to go by, and the noise is zero.
 */
export function medianDifferenceNoise(current: readonly number[], base: readonly number[]): number {
  return round2(2 * Math.hypot(medianStandardError(current), medianStandardError(base)));
}

export const NOISE_RULE =
  'no worse than the base beyond twice the standard error of the difference of the two medians, each from the interquartile range of its per-round ratios';

/**
 * "No worse than the base beyond the run's noise" for a ratio budget: the row of `spec` (its id,
 * title and direction) with the base's figure in the title and, moved by the noise, as the limit.
 */
export function versusBaseRow(
  spec: BudgetSpec,
  sides: { current: number; base: number; noise: number; rounds: number },
): BudgetRow {
  const { current, base, noise, rounds } = sides;
  const limit = round2(spec.comparison === 'at-least' ? base - noise : base + noise);
  return budgetRow(
    {
      id: `${spec.id}.vs-base`,
      title: `${spec.title} (${baseFigure(base, spec.unit)})`,
      comparison: spec.comparison,
      limit,
      unit: spec.unit,
    },
    current,
    {
      anchor: `${baseFigure(base, spec.unit)}, noise ${noise}${spec.unit === 'x' ? 'x' : ` ${spec.unit}`}`,
      note: `${NOISE_RULE} (${rounds} round(s))`,
    },
  );
}

/** The limit of server CPU per page against the base's. */
export const CPU_LIMIT = 1.1;

export function cpuSpec(key: string): BudgetSpec {
  return {
    id: `server-cpu.${key}.vs-base`,
    title: `server CPU per page ${key}: current / base`,
    comparison: 'at-most',
    limit: CPU_LIMIT,
    unit: 'x',
  };
}

/** A page's server CPU, current / base, from a comparison whose A is the base and B the current console. */
export function cpuVersusBaseRow(key: string, comparison: CpuComparison): BudgetRow {
  const [base, current] = comparison.msPerPage;
  const range = (values: readonly number[]) => `${round1(Math.min(...values))}-${round1(Math.max(...values))} ms`;
  return budgetRow(cpuSpec(key), ratio(current, base), {
    anchor: `${baseFigure(round1(base), 'ms')}, current ${round1(current)} ms`,
    note: `${comparison.path}: median of ${comparison.batches[1].length} alternating batches; a batch's CPU per page ranged ${range(comparison.batches[1])} current, ${range(comparison.batches[0])} base`,
  });
}
