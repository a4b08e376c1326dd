import { describe, expect, it } from 'vitest';
import { busyShare, parseCpuTimes, stageTimesLine } from '@/scripts/machine-load';

const stat = (user: number, idle: number, iowait: number) =>
  `cpu  ${user} 0 100 ${idle} ${iowait} 0 10 0 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 123\n`;

describe('the machine load in the stage times', () => {
  it('reads the aggregate cpu line of /proc/stat, counting iowait as idle', () => {
    expect(parseCpuTimes(stat(500, 1000, 50))).toEqual({ idle: 1050, total: 1660 });
    expect(parseCpuTimes('intr 1\n')).toBeNull();
    expect(parseCpuTimes('cpu  a b c d\n')).toBeNull();
  });

  it('gives the busy share of the cores between two readings', () => {
    const start = parseCpuTimes(stat(500, 1000, 50));
    // 300 ticks busy and 100 idle since the start: three quarters busy.
    const end = parseCpuTimes(stat(800, 1100, 50));
    expect(busyShare(start, end)).toBeCloseTo(0.75);
    expect(busyShare(null, end)).toBeNull();
    expect(busyShare(start, start)).toBeNull();
  });

  it("ends with each stage's seconds and load, the whole run's, and the CPU share when known", () => {
    const stages = new Map([
      ['vitest', { seconds: 151.4, load: 2.26 }],
      ['lint', { seconds: 62.6, load: 3.04 }],
    ]);
    expect(stageTimesLine(stages, { seconds: 702.2, load: 1.5 }, 2, 0.834)).toBe(
      'Stage times (s, 1-minute load average at the end): vitest 151 (load 2.3), lint 63 (load 3.0), in all 702 (load 1.5), CPU busy 83% of 2 cores',
    );
    expect(stageTimesLine(stages, { seconds: 702.2, load: 1.5 }, 2, null)).toMatch(/in all 702 \(load 1\.5\)$/);
  });
});
