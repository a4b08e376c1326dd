import { describe, expect, it } from 'vitest';
import { ExportPacing } from '@/lib/export/pacing';
import { UpstreamError, type RateLimitInfo } from '@/lib/upstream/client';

/** A fake clock and a fixed-window service: `limit` reads per 1 s window, per token. */
function fixture(limit: number, headroom: number) {
  let now = 1_000_000;
  const sends: number[] = [];
  const pacing = new ExportPacing(headroom, {
    now: () => now,
    wait: async (ms) => {
      now += ms;
    },
  });
  const answer = (): { rows: number[]; rateLimit: RateLimitInfo } => {
    sends.push(now);
    const windowStart = now - (now % 1000);
    const used = sends.filter((at) => at >= windowStart).length;
    return { rows: [], rateLimit: { limit, remaining: Math.max(0, limit - used), resetAt: windowStart + 1000 } };
  };
  return { pacing, answer, sends, advance: (ms: number) => (now += ms) };
}

/** The most sends in any window of the fixed-window service. */
function busiestWindow(sends: number[]): number {
  const perWindow = new Map<number, number>();
  for (const at of sends) perWindow.set(at - (at % 1000), (perWindow.get(at - (at % 1000)) ?? 0) + 1);
  return Math.max(...perWindow.values());
}

describe('export pacing', () => {
  it('spreads an operator’s reads over the window, leaving the headroom unused', async () => {
    const { pacing, answer, sends } = fixture(20, 10);
    const reader = pacing.open('op');
    for (let index = 0; index < 40; index++) await reader.read(async () => answer());
    reader.done();
    // 40 reads at 10 a window (20 minus 10 of headroom) take about four windows, never more than 11 in one.
    expect(sends.at(-1)! - sends[0]!).toBeGreaterThanOrEqual(3000);
    expect(busiestWindow(sends)).toBeLessThanOrEqual(11);
  });

  it('shares one pacer among the exports of one operator, and drops it after the last', async () => {
    const { pacing, answer, sends } = fixture(20, 10);
    const first = pacing.open('op');
    const second = pacing.open('op');
    expect(pacing.operators()).toBe(1);
    await Promise.all(
      [first, second].map(async (reader) => {
        for (let index = 0; index < 20; index++) await reader.read(async () => answer());
      }),
    );
    expect(busiestWindow(sends)).toBeLessThanOrEqual(11);
    first.done();
    first.done();
    expect(pacing.operators()).toBe(1);
    second.done();
    expect(pacing.operators()).toBe(0);
  });

  it('waits for the reset after a 429, and passes the failure on', async () => {
    const { pacing, answer, sends, advance } = fixture(100, 0);
    const reader = pacing.open('op');
    await reader.read(async () => answer());
    advance(10);
    const limited = new UpstreamError({
      kind: 'rate_limited',
      method: 'GET',
      path: '/admin/ra/messages',
      status: 429,
      requestId: 'r',
      rateLimit: { limit: 100, remaining: 0, resetAt: 1_001_000 },
    });
    await expect(reader.read(async () => Promise.reject(limited))).rejects.toBe(limited);
    await reader.read(async () => answer());
    expect(sends.at(-1)!).toBeGreaterThanOrEqual(1_001_000);
  });
});
