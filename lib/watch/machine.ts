/**
 * The rule state machine: a pure function of the rule's condition, its state and one reading.
 * ok -> pending while the condition holds for less than its duration, -> firing once it has held
 * that long; a firing rule stays firing until the count is back past the recovery margin, then
 * resolved; resolved -> ok at the next reading that does not hold. A reading that failed (or a
 * rise with nothing to compare against) is unknown: the state stays as it was, never a zero and
 * never a resolution.
 */
import type { WatchRuleState } from './states';
import type { WatchCondition } from './types';

export type WatchReading =
  | {
      kind: 'count';
      count: number;
      /** The same hour yesterday's count, for a rise; null when none was kept. */ baseline: number | null;
    }
  | { kind: 'unknown'; error: string };

export interface MachineState {
  state: WatchRuleState;
  holdingSince: Date | null;
}

export type Judgement = 'holds' | 'between' | 'clear' | { unknown: string };

export const NO_BASELINE = 'no count for the same hour yesterday to compare against';

/** How far the count rose over the baseline, in percent; a rise from nothing is infinite. */
export function risePercent(count: number, baseline: number): number {
  if (baseline === 0) return count > 0 ? Number.POSITIVE_INFINITY : 0;
  return ((count - baseline) / baseline) * 100;
}

/** Whether the condition holds, is cleared past the margin, or is in between (a firing rule stays firing). */
export function judge(condition: WatchCondition, margin: number, count: number, baseline: number | null): Judgement {
  switch (condition.kind) {
    case 'above':
      return count > condition.count ? 'holds' : count <= condition.count - margin ? 'clear' : 'between';
    case 'rise': {
      if (baseline === null) return { unknown: NO_BASELINE };
      const rise = risePercent(count, baseline);
      return rise > condition.percent ? 'holds' : rise <= condition.percent - margin ? 'clear' : 'between';
    }
    case 'any':
      return count > 0 ? 'holds' : 'clear';
  }
}

function holdMinutes(condition: WatchCondition): number {
  return condition.kind === 'above' ? condition.forMinutes : 0;
}

export interface Step extends MachineState {
  /** Set when the reading was unknown: why. */
  unknown: string | null;
}

/** The state after `reading` taken in the slot starting `at`. */
export function step(
  condition: WatchCondition,
  margin: number,
  current: MachineState,
  reading: WatchReading,
  at: Date,
): Step {
  if (reading.kind === 'unknown') return { ...current, unknown: reading.error };
  const judgement = judge(condition, margin, reading.count, reading.baseline);
  if (typeof judgement === 'object') return { ...current, unknown: judgement.unknown };
  if (judgement === 'holds') {
    const holdingSince = current.holdingSince ?? at;
    if (current.state === 'firing') return { state: 'firing', holdingSince, unknown: null };
    const held = at.getTime() - holdingSince.getTime() >= holdMinutes(condition) * 60_000;
    return { state: held ? 'firing' : 'pending', holdingSince, unknown: null };
  }
  if (current.state === 'firing')
    return { state: judgement === 'clear' ? 'resolved' : 'firing', holdingSince: null, unknown: null };
  return { state: 'ok', holdingSince: null, unknown: null };
}
