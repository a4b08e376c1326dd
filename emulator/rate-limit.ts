/**
 * Fixed-window rate limits per token and route class: reads are GET/HEAD, except the GETs that
 * change state (createMP3, recreateWaveform), which count as writes like every other method.
 * Windows are aligned to multiples of the window length, so one map holds only the current
 * window's counters.
 */
import type { RuntimeSettings } from './settings';

export type RouteClass = 'read' | 'write';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window ends, in epoch seconds (rounded up). */
  resetEpochSeconds: number;
}

const STATE_CHANGING_GET = /\/(createMP3|recreateWaveform)$/;

export function routeClassOf(method: string, path: string): RouteClass {
  return (method === 'GET' || method === 'HEAD') && !STATE_CHANGING_GET.test(path) ? 'read' : 'write';
}

export class FixedWindowRateLimiter {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();

  constructor(private readonly settings: () => RuntimeSettings) {}

  take(key: string, routeClass: RouteClass): RateLimitDecision {
    const { rateLimitWindowMs, rateLimitRead, rateLimitWrite } = this.settings();
    const now = Date.now();
    const windowStart = now - (now % rateLimitWindowMs);
    if (windowStart !== this.windowStart) {
      this.windowStart = windowStart;
      this.counts.clear();
    }
    const limit = routeClass === 'read' ? rateLimitRead : rateLimitWrite;
    const counterKey = `${routeClass}:${key}`;
    const count = (this.counts.get(counterKey) ?? 0) + 1;
    this.counts.set(counterKey, count);
    return {
      allowed: count <= limit,
      limit,
      remaining: Math.max(0, limit - count),
      resetEpochSeconds: Math.ceil((windowStart + rateLimitWindowMs) / 1000),
    };
  }

  /** Forgets all counters (after the limits change, or on reset). */
  clear(): void {
    this.counts.clear();
  }
}
