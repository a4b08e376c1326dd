/**
 * A bound on the calls to the voice service in flight from one console process. Beyond it, calls
 * wait in order for a free slot: a slow service then sees a steady number of connections from
 * the console instead of one per waiting page, and the console's own memory and sockets stay
 * bounded however many operators reload at once.
 */

export interface InFlightStats {
  limit: number;
  inFlight: number;
  queued: number;
  /** The most calls ever in flight at once: what tests count. */
  peak: number;
}

export class InFlightLimiter {
  private active = 0;
  private peakActive = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`in-flight limit must be a positive integer, got ${limit}`);
  }

  /**
   * Waits for a slot and returns its release (call it exactly once). Rejects with the signal's
   * reason when it aborts while waiting; the slot is then never taken.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.active < this.limit) return Promise.resolve(this.take());
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(this.take());
      };
      this.waiting.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  stats(): InFlightStats {
    return { limit: this.limit, inFlight: this.active, queued: this.waiting.length, peak: this.peakActive };
  }

  private take(): () => void {
    this.active++;
    this.peakActive = Math.max(this.peakActive, this.active);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      // Hand the slot straight to the next waiter, so a new arrival cannot overtake the queue.
      this.waiting.shift()?.();
    };
  }
}

const PROCESS_LIMITER = Symbol.for('voice-ops-console.upstream-in-flight');
type WithLimiter = typeof globalThis & { [PROCESS_LIMITER]?: InFlightLimiter };

/**
 * The process's one limiter. Kept on globalThis because Next may load this module more than once
 * (server components, route handlers and server actions are separate bundles) while the bound is
 * for the whole process. The first caller's limit wins; it comes from one setting.
 */
export function processInFlightLimiter(limit: number): InFlightLimiter {
  const holder = globalThis as WithLimiter;
  holder[PROCESS_LIMITER] ??= new InFlightLimiter(limit);
  return holder[PROCESS_LIMITER];
}
