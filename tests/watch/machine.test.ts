/** The rule state machine, pure: pending, firing, the recovery margin, unknown readings, a rise against yesterday. */
import { describe, expect, it } from 'vitest';
import { NO_BASELINE, step, type MachineState, type WatchReading } from '@/lib/watch/machine';
import type { WatchCondition } from '@/lib/watch/types';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 27, 10, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * MINUTE);
const count = (value: number, baseline: number | null = null): WatchReading => ({
  kind: 'count',
  count: value,
  baseline,
});

/** Runs readings one a minute from ok and returns the states after each. */
function run(condition: WatchCondition, margin: number, readings: WatchReading[]): string[] {
  let current: MachineState = { state: 'ok', holdingSince: null };
  return readings.map((reading, index) => {
    const next = step(condition, margin, current, reading, at(index));
    current = { state: next.state, holdingSince: next.holdingSince };
    return next.unknown ? `${next.state}?` : next.state;
  });
}

describe('the watch rule state machine', () => {
  const above5for1: WatchCondition = { kind: 'above', count: 5, forMinutes: 1 };

  it('goes pending when the count crosses, firing once it held for the duration, and back to ok from pending', () => {
    expect(run(above5for1, 0, [count(3), count(6), count(7), count(8)])).toEqual(['ok', 'pending', 'firing', 'firing']);
    expect(run(above5for1, 0, [count(6), count(5), count(6)])).toEqual(['pending', 'ok', 'pending']);
    expect(run({ kind: 'above', count: 5, forMinutes: 0 }, 0, [count(6)])).toEqual(['firing']);
  });

  it('resolves only past the recovery margin, then is ok at the next reading that does not hold', () => {
    const states = run(above5for1, 2, [count(6), count(6), count(5), count(4), count(5), count(3), count(2)]);
    expect(states).toEqual(['pending', 'firing', 'firing', 'firing', 'firing', 'resolved', 'ok']);
    // A resolved rule that crosses again starts a new pending.
    expect(run(above5for1, 0, [count(6), count(6), count(5), count(6)])).toEqual([
      'pending',
      'firing',
      'resolved',
      'pending',
    ]);
  });

  it('keeps the state on an unknown reading: never a zero, never a resolution', () => {
    const unknown: WatchReading = { kind: 'unknown', error: 'network: connect ECONNREFUSED' };
    expect(run(above5for1, 0, [count(6), count(6), unknown, unknown, count(6)])).toEqual([
      'pending',
      'firing',
      'firing?',
      'firing?',
      'firing',
    ]);
    expect(run(above5for1, 0, [count(6), unknown, count(6)])).toEqual(['pending', 'pending?', 'firing']);
  });

  it('compares a rise with the same hour yesterday, and is unknown without one', () => {
    const rise50: WatchCondition = { kind: 'rise', percent: 50 };
    const next = step(rise50, 0, { state: 'ok', holdingSince: null }, count(100, null), at(0));
    expect(next).toEqual({ state: 'ok', holdingSince: null, unknown: NO_BASELINE });
    expect(run(rise50, 10, [count(151, 100), count(145, 100), count(140, 100), count(100, 100)])).toEqual([
      'firing',
      'firing',
      'resolved',
      'ok',
    ]);
    expect(run(rise50, 0, [count(1, 0)])).toEqual(['firing']);
  });

  it('fires on any row at all and resolves when there are none', () => {
    expect(run({ kind: 'any' }, 0, [count(0), count(1), count(0), count(0)])).toEqual([
      'ok',
      'firing',
      'resolved',
      'ok',
    ]);
  });
});
