/**
 * Whether the voice service answers at all, for the console's readiness report. The spec names
 * no health operation, so the probe is an unauthenticated GET of the base URL.
 * ASSUMPTION: any HTTP answer below 500 (a 401 or 404 included: the service is up and refusing)
 * means the service is reachable; a 5xx, a timeout or no connection means it is not.
 */
export interface ServiceProbe {
  ok: boolean;
  latencyMs: number;
  /** The HTTP status it answered with, when it answered. */
  status: number | null;
  /** Why it is not ready, in words safe to show anyone: no URL, no host, no raw error. */
  problem?: 'unreachable' | 'timeout' | 'server error';
}

export async function probeService(baseUrl: string, timeoutMs: number): Promise<ServiceProbe> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(baseUrl.replace(/\/+$/, '') + '/', {
      method: 'GET',
      signal: AbortSignal.timeout(timeoutMs),
      cache: 'no-store',
      redirect: 'manual',
    });
    await response.body?.cancel();
    const ok = response.status < 500;
    return { ok, latencyMs: latency(), status: response.status, ...(ok ? {} : { problem: 'server error' as const }) };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { ok: false, latencyMs: latency(), status: null, problem: timedOut ? 'timeout' : 'unreachable' };
  }
}
