import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { IdleWaits, systemClock } from '@/lib/jobs/runner';

describe('IdleWaits', () => {
  it('ends every wait at a wake and leaves no listener on the halt signal', async () => {
    const halt = new AbortController();
    const waits = new IdleWaits(systemClock, halt.signal);
    const started = Date.now();
    for (let round = 0; round < 20; round++) {
      const pending = [waits.wait(60_000), waits.wait(60_000)];
      expect(getEventListeners(halt.signal, 'abort')).toHaveLength(2);
      waits.wake();
      await Promise.all(pending);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(getEventListeners(halt.signal, 'abort')).toHaveLength(0);
  });

  it('ends after its time without a wake, and cleans up', async () => {
    const halt = new AbortController();
    const waits = new IdleWaits(systemClock, halt.signal);
    const started = Date.now();
    await waits.wait(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(getEventListeners(halt.signal, 'abort')).toHaveLength(0);
  });

  it('ends waits under way when the loop halts, and returns at once after', async () => {
    const halt = new AbortController();
    const waits = new IdleWaits(systemClock, halt.signal);
    const pending = waits.wait(60_000);
    halt.abort(new Error('stopped'));
    await expect(pending).resolves.toBeUndefined();
    const started = Date.now();
    await waits.wait(60_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('does not keep a wake that came while no one waited', async () => {
    const halt = new AbortController();
    const waits = new IdleWaits(systemClock, halt.signal);
    waits.wake();
    const started = Date.now();
    await waits.wait(40);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });
});
