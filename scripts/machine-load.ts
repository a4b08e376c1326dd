/**
 * How busy the machine was while `npm test` ran, for its stage times: a run's seconds mean little
 * without the load beside them (the same run takes half again as long on a machine shared with
 * other work). The 1-minute load average when each stage ends, and the share of all cores' time
 * spent on anything (this run or not) between two readings of /proc/stat.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** The aggregate `cpu` line of /proc/stat: time spent idle and in all, in clock ticks. */
export interface CpuTimes {
  idle: number;
  total: number;
}

/** The `cpu` line of a /proc/stat text; idle counts iowait too (a core waiting on a disk is free to run). */
export function parseCpuTimes(stat: string): CpuTimes | null {
  const line = stat.split('\n').find((candidate) => candidate.startsWith('cpu '));
  if (!line) return null;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  if (ticks.length < 4 || ticks.some((tick) => !Number.isFinite(tick))) return null;
  // user nice system idle iowait irq softirq steal (guest time is inside user already).
  const counted = ticks.slice(0, 8);
  return { idle: counted[3]! + (counted[4] ?? 0), total: counted.reduce((sum, tick) => sum + tick, 0) };
}

/** The machine's CPU times now, or null where there is no /proc/stat (not Linux). */
export function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** The share of the cores' time spent busy between two readings, 0 to 1, or null when it cannot be told. */
export function busyShare(start: CpuTimes | null, end: CpuTimes | null): number | null {
  if (!start || !end) return null;
  const total = end.total - start.total;
  if (total <= 0) return null;
  return 1 - (end.idle - start.idle) / total;
}

/** One stage's time and the 1-minute load average when it ended. */
export interface StageTime {
  seconds: number;
  load: number;
}

/** A stage's end: its duration from `startedAt` (performance.now()) and the load average now. */
export function stageEnded(startedAt: number): StageTime {
  return { seconds: (performance.now() - startedAt) / 1000, load: os.loadavg()[0]! };
}

/** The line that ends a run's output before the failures and totals: each stage, then the whole run. */
export function stageTimesLine(
  stages: ReadonlyMap<string, StageTime>,
  run: StageTime,
  cores: number,
  busy: number | null,
): string {
  const each = [...stages].map(
    ([label, { seconds, load }]) => `${label} ${seconds.toFixed(0)} (load ${load.toFixed(1)})`,
  );
  const cpu = busy === null ? '' : `, CPU busy ${Math.round(busy * 100)}% of ${cores} cores`;
  return `Stage times (s, 1-minute load average at the end): ${each.join(', ')}, in all ${run.seconds.toFixed(0)} (load ${run.load.toFixed(1)})${cpu}`;
}
