import type { UpstreamErrorKind } from '@/lib/upstream/client';

/** Failures that can end by themselves when the service recovers; the rest need the operator. */
const TRANSIENT: ReadonlySet<UpstreamErrorKind> = new Set(['server', 'timeout', 'network', 'rate_limited']);

const DELAYS_SECONDS = [5, 10, 15];

/** Seconds before the failed page's re-read number `attempt` (0-based), or null for none. */
export function autoRetryDelaySeconds(kind: UpstreamErrorKind, attempt: number): number | null {
  if (!TRANSIENT.has(kind)) return null;
  return DELAYS_SECONDS[Math.min(attempt, DELAYS_SECONDS.length - 1)]!;
}
