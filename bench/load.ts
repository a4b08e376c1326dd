/**
 * Latency of one URL under load, against loopback only: closed loop (a fixed number of clients
 * that send again as soon as they are answered, with autocannon) or open loop (arrivals at a
 * mean rate, like operators at work). Every response's own time is kept, so percentiles are exact rather
 * than read from autocannon's fixed percentile buckets (which have no p95), and samples of
 * several rounds can be merged.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface Samples {
  latencies: number[];
  non2xx: number;
  errors: number;
  seconds: number;
}

export interface LatencyStats {
  requests: number;
  non2xx: number;
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function measure(options: LoadOptions): Promise<Samples> {
  const url = new URL(options.url);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost')
    throw new Error(`the bench only loads loopback, not ${url.hostname}`);
  const latencies: number[] = [];
  let non2xx = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 30,
      },
      (error: unknown, finished: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) non2xx++;
    });
  });
  return { latencies, non2xx, errors: result.errors + result.timeouts, seconds: options.durationSeconds };
}

/** The statistics of the samples of one or more rounds. */
export function summarize(rounds: readonly Samples[]): LatencyStats {
  const latencies = rounds.flatMap((samples) => samples.latencies).sort((a, b) => a - b);
  const seconds = rounds.reduce((sum, samples) => sum + samples.seconds, 0);
  return {
    requests: latencies.length,
    non2xx: rounds.reduce((sum, samples) => sum + samples.non2xx, 0),
    errors: rounds.reduce((sum, samples) => sum + samples.errors, 0),
    requestsPerSecond: round(latencies.length / seconds),
    p50: round(percentile(latencies, 0.5)),
    p95: round(percentile(latencies, 0.95)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? Number.NaN),
  };
}

export interface OpenLoopOptions {
  url: string;
  headers: Record<string, string>;
  /** Mean arrivals per second, all operators together. */
  ratePerSecond: number;
  durationSeconds: number;
  /** Seed of the arrival times, so that runs are comparable. */
  seed?: number;
}

/** A seeded uniform [0, 1) generator (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Operators as they work: page loads arrive at random (Poisson) at a mean rate, whether or not
 * earlier ones have been answered, so a slow answer does not hold the next request back (no
 * coordinated omission). Each time runs from the planned arrival to the last byte.
 */
export async function measureOpenLoop(options: OpenLoopOptions): Promise<Samples> {
  const url = new URL(options.url);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost')
    throw new Error(`the bench only loads loopback, not ${url.hostname}`);
  return openLoop(options, async () => {
    const response = await fetch(options.url, {
      headers: options.headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return response.status >= 200 && response.status < 300;
  });
}

/**
 * The open loop of `measureOpenLoop` around any unit of work (e.g. the several service reads
 * one page makes): `send` resolves true for a success, false for a non-2xx answer.
 */
export async function openLoop(
  options: Omit<OpenLoopOptions, 'url' | 'headers'>,
  send: () => Promise<boolean>,
): Promise<Samples> {
  const random = seededRandom(options.seed ?? 1);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const requests: Promise<void>[] = [];
  const started = performance.now();
  const end = started + options.durationSeconds * 1000;
  for (let at = started; ; ) {
    at += (-Math.log(1 - random()) / options.ratePerSecond) * 1000;
    if (at >= end) break;
    const planned = at;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, planned - performance.now())));
    requests.push(
      send()
        .then((ok) => {
          latencies.push(performance.now() - planned);
          if (!ok) non2xx++;
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(requests);
  return { latencies, non2xx, errors, seconds: options.durationSeconds };
}
