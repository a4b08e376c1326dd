import { describe, expect, it } from 'vitest';
import { e2eShards, WAITING_SPECS } from '@/scripts/e2e-shards';

const specs = ['accessibility.spec.ts', 'approvals.spec.ts', 'auth.spec.ts', 'entities.spec.ts', 'first-paint.spec.ts', 'sessions.spec.ts', 'resilience.spec.ts', 'multi-instance-refresh.spec.ts', 'zeta.spec.ts'];
const named = (name: string) => `e2e/${name}`;

describe('e2eShards', () => {
  it('puts every spec in one run when asked for one', () => {
    expect(e2eShards(1, specs)).toEqual([[...specs].sort().map(named)]);
  });

  it('gives the waiting specs a run of their own beside the others', () => {
    const [busy, waiting] = e2eShards(2, specs);
    expect(waiting).toEqual([...WAITING_SPECS].sort().map(named));
    expect(busy).toEqual(['accessibility.spec.ts', 'auth.spec.ts', 'entities.spec.ts', 'first-paint.spec.ts', 'zeta.spec.ts'].map(named));
  });

  it('balances the busy specs across the other runs, each spec in exactly one run', () => {
    const runs = e2eShards(3, specs);
    expect(runs).toHaveLength(3);
    expect(runs.at(-1)).toEqual([...WAITING_SPECS].sort().map(named));
    expect(runs.flat().sort()).toEqual([...specs].sort().map(named));
    // The longest busy spec (accessibility) is alone against the rest.
    expect(runs[0]).toEqual([named('accessibility.spec.ts')]);
  });

  it('balances them all when there is no waiting spec', () => {
    const runs = e2eShards(2, ['a.spec.ts', 'b.spec.ts']);
    expect(runs.flat().sort()).toEqual(['e2e/a.spec.ts', 'e2e/b.spec.ts']);
    expect(runs).toHaveLength(2);
  });
});
