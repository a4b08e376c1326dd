import { describe, expect, it } from 'vitest';
import { e2eShards, TIMING_SPECS, WAITING_SPECS } from '@/scripts/e2e-shards';

const specs = [
  'accessibility.spec.ts',
  'approvals.spec.ts',
  'auth.spec.ts',
  'entities.spec.ts',
  'first-paint.spec.ts',
  'sessions.spec.ts',
  'resilience.spec.ts',
  'multi-instance-refresh.spec.ts',
  'watch-rules.spec.ts',
  'zeta.spec.ts',
];
const named = (name: string) => `e2e/${name}`;

describe('e2eShards', () => {
  it('puts every spec in one run when asked for one', () => {
    expect(e2eShards(1, specs)).toEqual([[...specs].sort().map(named)]);
  });

  it('puts the waiting specs in the last run, never a spec bound by time, and each spec in exactly one run', () => {
    for (const count of [2, 3]) {
      const runs = e2eShards(count, specs);
      expect(runs).toHaveLength(count);
      expect(runs.flat().sort()).toEqual([...specs].sort().map(named));
      for (const waiting of WAITING_SPECS) expect(runs.at(-1)).toContain(named(waiting));
      for (const timed of TIMING_SPECS) expect(runs.at(-1)).not.toContain(named(timed));
    }
  });

  it('fills the waiting run with busy specs too, balancing the runs', () => {
    const [busy, waiting] = e2eShards(2, specs);
    // The waiting specs' estimates (about four minutes) leave room for a busy spec beside them.
    expect(waiting!.filter((name) => !WAITING_SPECS.has(name.slice('e2e/'.length))).length).toBeGreaterThan(0);
    expect(busy).toContain(named('accessibility.spec.ts'));
    // The two longest busy specs go in different runs.
    const three = e2eShards(3, specs);
    expect(three.find((run) => run.includes(named('watch-rules.spec.ts')))).not.toContain(named('entities.spec.ts'));
  });

  it('balances them all when there is no waiting spec', () => {
    const runs = e2eShards(2, ['a.spec.ts', 'b.spec.ts']);
    expect(runs.flat().sort()).toEqual(['e2e/a.spec.ts', 'e2e/b.spec.ts']);
    expect(runs).toHaveLength(2);
  });
});
