import { describe, expect, it } from 'vitest';
import { RatePacer, type RateLimitObservation, ServiceClockOffset } from '@/lib/jobs/pace';

/** Answers of a service with 1 s windows whose clock is `skewMs` ahead of ours, to sends spread over a few windows. */
function observeSends(skewMs: number, latencyMs = 4): ServiceClockOffset {
  const clock = new ServiceClockOffset();
  for (let sentAt = 10_000; sentAt < 14_000; sentAt += 37) {
    const handled = sentAt + latencyMs / 2 + skewMs;
    const resetAt = Math.ceil((handled + 1) / 1000) * 1000;
    clock.observe({ sentAt, answeredAt: sentAt + latencyMs, resetAt, windowMs: 1000 });
  }
  return clock;
}

describe('ServiceClockOffset', () => {
  it('stays at our clock when the answers agree with it (to within the bounds, a millisecond or two apart here)', () => {
    expect(Math.abs(observeSends(0).offset)).toBeLessThanOrEqual(1);
    const fresh = new ServiceClockOffset();
    fresh.observe({ sentAt: 10_100, answeredAt: 10_104, resetAt: 11_000, windowMs: 1000 });
    expect(fresh.offset).toBe(0);
  });

  it.each([300, -300, 40, -1200])('finds a service clock %i ms off within a few ms', (skewMs) => {
    expect(Math.abs(observeSends(skewMs).offset - skewMs)).toBeLessThanOrEqual(12);
  });

  it('uses only the bound a send time gives when windows are not whole seconds (the reset header is rounded up)', () => {
    const clock = new ServiceClockOffset();
    clock.observe({ sentAt: null, answeredAt: 5000, resetAt: 9000, windowMs: 500 });
    expect(clock.offset).toBe(0);
    clock.observe({ sentAt: 5000, answeredAt: 5004, resetAt: 4800, windowMs: 500 });
    expect(clock.offset).toBeLessThanOrEqual(-200);
  });

  it('starts over when the bounds contradict each other (the clock was stepped)', () => {
    const clock = observeSends(300);
    for (let sentAt = 20_000; sentAt < 23_000; sentAt += 37) {
      const resetAt = Math.ceil((sentAt + 2 + 1) / 1000) * 1000;
      clock.observe({ sentAt, answeredAt: sentAt + 4, resetAt, windowMs: 1000 });
    }
    expect(Math.abs(clock.offset)).toBeLessThanOrEqual(12);
  });
});

describe('RatePacer with a clock ahead of the service', () => {
  it('does not start the next window early once answers bounded the skew', () => {
    const pacer = new RatePacer({ random: () => 0.5 });
    const skewMs = 300; // our clock minus the service's
    const answer = (serviceNow: number): RateLimitObservation => ({
      limit: 10,
      remaining: 5,
      resetAt: Math.ceil((serviceNow + 1) / 1000) * 1000,
    });
    // Sends near the end of two service windows (our clock reads 300 ms more).
    for (const serviceAt of [1_000_980, 1_001_985]) {
      pacer.onSend(serviceAt + skewMs);
      pacer.onAnswer(serviceAt + skewMs + 3, 200, answer(serviceAt), serviceAt + skewMs);
    }
    expect(pacer.snapshot().clockOffsetMs).toBeLessThanOrEqual(-280);
    // 50 ms before the service's reset at 1,003,000 (our 1,003,250), the window it counts is still 1,003,000.
    pacer.delay(1_002_950 + skewMs);
    expect(pacer.snapshot().windowResetAt).toBe(1_003_000);
  });
});
