import { describe, expect, it } from 'vitest';
import { RatePacer, type RateLimitObservation } from '@/lib/jobs/pace';

/** A fixed-window server like the emulator's: `limit` per window, windows aligned to multiples of windowMs. */
function fixedWindow(limit: number, windowMs: number) {
  let windowStart = -1;
  let count = 0;
  return (now: number): { status: number; info: RateLimitObservation } => {
    const start = now - (now % windowMs);
    if (start !== windowStart) {
      windowStart = start;
      count = 0;
    }
    count++;
    const info = { limit, remaining: Math.max(0, limit - count), resetAt: Math.ceil((start + windowMs) / 1000) * 1000 };
    return { status: count <= limit ? 200 : 429, info };
  };
}

/**
 * Drives the pacer like the runner does: `workers` loops, each asking for a slot, sending, and
 * getting the answer after `latencyMs`; a fake clock jumps from event to event.
 */
function simulate(options: {
  limit: number;
  windowMs: number;
  requests: number;
  workers: number;
  latencyMs: number;
  start?: number;
}) {
  const pacer = new RatePacer({ random: () => 0.5 });
  const server = fixedWindow(options.limit, options.windowMs);
  let now = options.start ?? 1_000_000_123;
  const begin = now;
  let ok = 0;
  let tooMany = 0;
  let sent = 0;
  // Each worker: the time it may next act.
  const ready: number[] = Array.from({ length: options.workers }, () => now);
  const inFlight: { at: number; status: number; info: RateLimitObservation }[] = [];
  while (ok < options.requests) {
    // Deliver due answers first.
    inFlight.sort((a, b) => a.at - b.at);
    const next = Math.min(...ready, inFlight[0]?.at ?? Infinity);
    now = Math.max(now, next);
    while (inFlight[0] && inFlight[0].at <= now) {
      const answer = inFlight.shift()!;
      pacer.onAnswer(answer.at, answer.status, answer.info);
      if (answer.status === 429) tooMany++;
      else ok++;
    }
    for (let w = 0; w < ready.length; w++) {
      if (ready[w]! > now) continue;
      if (sent - tooMany >= options.requests) {
        ready[w] = Infinity;
        continue;
      }
      const wait = pacer.delay(now);
      if (wait > 0) {
        ready[w] = now + wait;
        continue;
      }
      pacer.onSend(now);
      sent++;
      const answer = server(now);
      inFlight.push({ at: now + options.latencyMs, ...answer });
      ready[w] = now + options.latencyMs;
    }
    if (ready.every((t) => t === Infinity) && inFlight.length === 0) break;
  }
  return { elapsedMs: now - begin, ok, tooMany, sent };
}

describe('RatePacer', () => {
  it('sends one probe at a time until the first answer tells the limits', () => {
    const pacer = new RatePacer();
    expect(pacer.delay(0)).toBe(0);
    pacer.onSend(0);
    expect(pacer.delay(1)).toBeGreaterThan(0);
    pacer.onAnswer(5, 200, { limit: 10, remaining: 9, resetAt: 1000 });
    expect(pacer.delay(5)).toBeLessThanOrEqual(110);
  });

  it('spreads the window budget over what is left of the window', () => {
    const pacer = new RatePacer();
    pacer.onSend(0);
    pacer.onAnswer(2, 200, { limit: 10, remaining: 9, resetAt: 1000 });
    // 9 left over 998 ms: about 111 ms apart, counted from the last send.
    const wait = pacer.delay(2);
    expect(wait).toBeGreaterThan(100);
    expect(wait).toBeLessThan(115);
  });

  it('never sends when the window is used up, until its reset plus the guard', () => {
    const pacer = new RatePacer({ resetGuardMs: 25 });
    pacer.onSend(0);
    pacer.onAnswer(10, 200, { limit: 5, remaining: 0, resetAt: 1000 });
    expect(pacer.delay(10)).toBe(1015);
    expect(pacer.delay(900)).toBe(125);
    expect(pacer.delay(1025)).toBe(0);
  });

  it('after a 429 waits until the reset plus jitter', () => {
    const pacer = new RatePacer({ resetGuardMs: 25, jitterMs: 100, random: () => 0.5 });
    pacer.onSend(100);
    pacer.onAnswer(110, 429, { limit: 5, remaining: 0, resetAt: 2000 });
    expect(pacer.delay(110)).toBe(2000 + 25 + 50 - 110);
    expect(pacer.snapshot().rateLimited).toBe(1);
  });

  it('after a 429 without a usable reset waits the minimum backoff', () => {
    const pacer = new RatePacer({ minBackoffMs: 1000, jitterMs: 0 });
    pacer.onSend(5000);
    pacer.onAnswer(5010, 429, { limit: null, remaining: null, resetAt: 4000 });
    expect(pacer.delay(5010)).toBe(1000);
  });

  it('ignores a late answer from an earlier window', () => {
    const pacer = new RatePacer();
    pacer.onSend(0);
    pacer.onAnswer(5, 200, { limit: 10, remaining: 9, resetAt: 1000 });
    pacer.onSend(1100);
    pacer.onAnswer(1105, 200, { limit: 10, remaining: 9, resetAt: 2000 });
    // An answer counted in the first window arrives late saying 0 remaining: not this window.
    pacer.onAnswer(1110, 200, { limit: 10, remaining: 0, resetAt: 1000 });
    expect(pacer.snapshot().used).toBe(1);
    expect(pacer.delay(1300)).toBe(0);
  });

  it('learns the window length and predicts the next reset', () => {
    const pacer = new RatePacer();
    pacer.onSend(0);
    pacer.onAnswer(1, 200, { limit: 2, remaining: 1, resetAt: 1000 });
    pacer.onSend(1010);
    pacer.onAnswer(1011, 200, { limit: 2, remaining: 1, resetAt: 2000 });
    expect(pacer.snapshot().windowMs).toBe(1000);
    pacer.onSend(1500);
    // Used up until 2000; after that, a new window is assumed without waiting for an answer.
    expect(pacer.delay(1600)).toBe(425);
    expect(pacer.delay(2030)).toBe(0);
    pacer.onSend(2030);
    expect(pacer.snapshot()).toMatchObject({ windowResetAt: 3000, used: 1 });
  });

  it('learns a window longer than the assumed one from the resets the service gave, not from its own predictions', () => {
    const pacer = new RatePacer({ defaultWindowMs: 1000 });
    pacer.onSend(0);
    pacer.onAnswer(1, 200, { limit: 2, remaining: 1, resetAt: 2000 });
    // Past the reset, the pacer predicts the next one a default window later (3000); the service says 4000.
    expect(pacer.delay(2030)).toBe(0);
    pacer.onSend(2030);
    pacer.onAnswer(2031, 200, { limit: 2, remaining: 1, resetAt: 4000 });
    expect(pacer.snapshot()).toMatchObject({ windowMs: 2000, windowResetAt: 4000, used: 1 });
  });

  it('learns a window shorter than the assumed one: a reset before its prediction is a new window, not a late answer', () => {
    const pacer = new RatePacer({ defaultWindowMs: 5000 });
    pacer.onSend(0);
    pacer.onAnswer(1, 200, { limit: 2, remaining: 1, resetAt: 1000 });
    // Past the reset, the pacer predicts the next one a default window later (6000); the service says 2000.
    pacer.delay(1030);
    expect(pacer.snapshot().windowResetAt).toBe(6000);
    pacer.onSend(1030);
    pacer.onAnswer(1031, 200, { limit: 2, remaining: 0, resetAt: 2000 });
    expect(pacer.snapshot()).toMatchObject({ windowMs: 1000, windowResetAt: 2000, used: 2 });
    // A late answer from the first window still changes nothing.
    pacer.onAnswer(1040, 200, { limit: 2, remaining: 1, resetAt: 1000 });
    expect(pacer.snapshot()).toMatchObject({ windowResetAt: 2000, used: 2 });
  });

  it('paces at the fallback interval when the service sends no rate-limit headers', () => {
    const pacer = new RatePacer({ fallbackIntervalMs: 200 });
    pacer.onSend(0);
    pacer.onAnswer(10, 200, null);
    expect(pacer.delay(10)).toBe(190);
    expect(pacer.delay(200)).toBe(0);
  });

  it('keeps sending when the service gives a limit but no reset time: it assumes the default window', () => {
    const pacer = new RatePacer({ defaultWindowMs: 1000, random: () => 0.5 });
    let now = 0;
    let sent = 0;
    // Limit 10 and remaining counting down, never a reset: one window's budget, then the next.
    while (now < 10_000 && sent < 40) {
      const wait = pacer.delay(now);
      if (wait > 0) {
        now += wait;
        continue;
      }
      pacer.onSend(now);
      sent++;
      pacer.onAnswer(now + 1, 200, { limit: 10, remaining: Math.max(0, 10 - (sent % 10 || 10)), resetAt: null });
      now += 1;
    }
    expect(sent).toBe(40);
  });

  it('with a shared budget, takes no slot closer to the window end than the recent slot-to-wire lag', () => {
    const budget = {
      share: () => ({ held: 5, unclaimed: 20, pending: false }),
      take: () => true,
      giveBack: () => {},
      charge: () => {},
      exhaust: () => {},
      learned: async () => null,
    };
    const pacer = new RatePacer({ budget, resetGuardMs: 25 });
    pacer.onSend(0);
    pacer.onAnswer(2, 200, { limit: 50, remaining: 49, resetAt: 1000 }, 0);
    expect(pacer.delay(950)).toBe(0);
    // The fence's database write held requests back 100 ms: the last slot moves 100 ms earlier.
    pacer.onDispatched(100);
    expect(pacer.delay(950)).toBe(75);
    expect(pacer.delay(880)).toBe(145);
    expect(pacer.delay(870)).toBe(0);
  });

  it('a cancelled send gives its slot back', () => {
    const pacer = new RatePacer();
    pacer.onSend(0);
    pacer.onAnswer(1, 200, { limit: 1, remaining: 0, resetAt: 1000 });
    expect(pacer.delay(2)).toBeGreaterThan(0);
    pacer.onCancelledSend();
    expect(pacer.snapshot().used).toBe(0);
  });

  it.each([
    { limit: 50, workers: 4, latencyMs: 5 },
    { limit: 50, workers: 8, latencyMs: 40 },
    { limit: 10, workers: 4, latencyMs: 150 },
    { limit: 200, workers: 16, latencyMs: 20 },
  ])(
    'against a fixed window of $limit/s with $workers workers and $latencyMs ms latency: near the limit, almost no 429',
    (c) => {
      const requests = c.limit * 10;
      const result = simulate({ ...c, windowMs: 1000, requests });
      expect(result.ok).toBe(requests);
      // Ten windows' worth: at most about 10.5 windows (a partial first window) and a handful of 429s.
      expect(result.elapsedMs).toBeLessThan(1000 * 10 * 1.1);
      expect(result.tooMany).toBeLessThanOrEqual(3);
    },
  );
});
