/**
 * The base console in the first-row section (BENCH_BASE): loaded the same way as the current one,
 * interleaved in the same rounds, against the same react-admin peer and the same static copy (of
 * the current console's page). Its rows say, for each ratio of the section, whether the current
 * console is no worse than the base beyond the run's noise (`bench/versus-base.ts`).
 */
import { median, ratio, type BudgetRow, type BudgetSpec } from '../budgets';
import type { BenchContext } from '../context';
import { medianDifferenceNoise, versusBaseRow } from '../versus-base';

export const BASE_TARGET = 'base';

/** The base among the section's targets when there is one. */
export function baseTargets(context: Pick<BenchContext, 'base'>): (typeof BASE_TARGET)[] {
  return context.base ? [BASE_TARGET] : [];
}

/** The base console's page of the entity ('' without a base: never loaded). */
export function baseUrl(context: Pick<BenchContext, 'base'>, entity: string): string {
  return context.base ? `${context.base.consoleUrl}/${entity}` : '';
}

interface Runs {
  /** One load per round, in round order, like every other target's. */
  cold: readonly { firstRow: number }[];
  warm: readonly { firstRow: number }[];
}

/** Each round's ratio of two targets' loads (the same round of both). */
function perRound(numerator: readonly { firstRow: number }[], denominator: readonly { firstRow: number }[]): number[] {
  return numerator.slice(0, denominator.length).map((load, round) => load.firstRow / denominator[round]!.firstRow);
}

function ratioRow(
  spec: BudgetSpec,
  numerator: { current: Runs['cold']; base: Runs['cold'] },
  denominator: { current: Runs['cold']; base: Runs['cold'] },
): BudgetRow {
  const ofMedians = (a: Runs['cold'], b: Runs['cold']) =>
    ratio(median(a.map((load) => load.firstRow)), median(b.map((load) => load.firstRow)));
  return versusBaseRow(spec, {
    current: ofMedians(numerator.current, denominator.current),
    base: ofMedians(numerator.base, denominator.base),
    noise: medianDifferenceNoise(
      perRound(numerator.current, denominator.current),
      perRound(numerator.base, denominator.base),
    ),
    rounds: numerator.current.length,
  });
}

/**
 * The section's three ratios, current against base: react-admin / console cold and warm (higher is
 * better), console / static copy cold (lower is better). `specs` are the section's own budgets.
 */
export function firstRowVersusBase(
  specs: { cold: BudgetSpec; warm: BudgetSpec; static: BudgetSpec },
  loads: { console: Runs; base: Runs; 'react-admin': Runs; static: Runs },
): BudgetRow[] {
  const peer = loads['react-admin'];
  return [
    ratioRow(
      specs.cold,
      { current: peer.cold, base: peer.cold },
      { current: loads.console.cold, base: loads.base.cold },
    ),
    ratioRow(
      specs.warm,
      { current: peer.warm, base: peer.warm },
      { current: loads.console.warm, base: loads.base.warm },
    ),
    ratioRow(
      specs.static,
      { current: loads.console.cold, base: loads.base.cold },
      { current: loads.static.cold, base: loads.static.cold },
    ),
  ];
}
