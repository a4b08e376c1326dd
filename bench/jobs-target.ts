/**
 * The service the job benchmarks run against: the emulator, in-process, when it serves
 * messages and their operations; otherwise the contract-following fake from the job tests
 * (tests/jobs/support/fake-voice.ts), named as such in every result. Both count requests per
 * token in fixed windows with the X-RateLimit-* headers and log every request.
 */
import { BENCH_CLIENT_ID } from '../emulator/config';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FakeVoiceService } from '../tests/jobs/support/fake-voice';
import type { ConsoleDb } from '../lib/db';
import { planJob } from '../lib/jobs/plan';
import { createServiceCredential } from '../lib/jobs/runner';
import { UpstreamClient } from '../lib/upstream/client';
import { countRecords } from '../lib/upstream/ra';
import { CONTROL_HEADERS } from '../emulator/control';

export interface BenchTarget {
  kind: 'emulator' | 'fake';
  /** Why this target (e.g. the emulator lacks an endpoint). */
  note: string;
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  setWriteRateLimit(limit: number, windowMs: number): Promise<void>;
  /** Answers this fraction of the message operations with 503 without applying them; null for none. */
  setFaults(rate: number | null): Promise<void>;
  /** Delay before each operation's answer (a latency fault rule on the emulator). */
  setLatency(ms: number): Promise<boolean>;
  /** Per request path: how many requests, how many answered 2xx. */
  requestCounts(): Promise<Map<string, { total: number; ok: number; status429: number; status5xx: number }>>;
  clearRequestLog(): Promise<void>;
  stop(): Promise<void>;
}

/** Message statuses a reprocess accepts (the service refuses deleted messages with 409). */
export const LIVE_MESSAGES = {
  status: ['offline', 'paused', 'processing', 'scheduled', 'active', 'initializing', 'inprogress'],
};

/** The operator the benchmark jobs are recorded under. */
export const BENCH_ACTOR = { id: 'bench', email: 'bench@example.com', role: 'ops' as const };

/**
 * A planned (not started) reprocess job: a dry run of every live message, cut to its first
 * `items` items (by id). Returns the job id and the count to confirm it with.
 */
export async function planBenchReprocess(
  db: ConsoleDb,
  target: BenchTarget,
  items: number,
): Promise<{ jobId: string; total: number }> {
  const credential = createServiceCredential({
    tokenUrl: target.tokenUrl,
    clientId: target.clientId,
    clientSecret: target.clientSecret,
  });
  const reader = new UpstreamClient({
    baseUrl: target.baseUrl,
    accessToken: (await credential.token()).accessToken,
    log: () => {},
  });
  const planned = await planJob({ db, upstream: reader }, BENCH_ACTOR, {
    action: 'message.reprocess',
    selection: { kind: 'filter', filter: LIVE_MESSAGES },
  });
  if (planned.total > items) {
    await db.query(`DELETE FROM bulk_job_items WHERE job_id = $1 AND seq >= $2`, [planned.jobId, items]);
    await db.query(`UPDATE bulk_jobs SET total = $2 WHERE id = $1`, [planned.jobId, items]);
  }
  return { jobId: planned.jobId, total: Math.min(planned.total, items) };
}

/** The emulator's small preset has 2,000 messages; pass `default` (50,000) for more. */
export async function startBenchTarget(options: {
  minMessages: number;
  preset?: 'small' | 'default';
}): Promise<BenchTarget> {
  const emulator = await startEmulator({
    preset: options.preset ?? 'small',
    port: 0,
    dataDir: '.data/bench-emulator',
  }).catch((error: unknown) => {
    console.warn(`[bench] the emulator did not start: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  if (emulator) {
    const missing = await emulatorGaps(emulator, options.minMessages);
    if (missing === null) return emulatorTarget(emulator);
    await emulator.stop();
    console.warn(`[bench] using the fake message service: ${missing}`);
    return fakeTarget(options.minMessages, missing);
  }
  return fakeTarget(options.minMessages, 'the emulator did not start');
}

/** Null when the emulator has what the job benchmarks need; otherwise what it lacks. */
async function emulatorGaps(emulator: RunningEmulator, minMessages: number): Promise<string | null> {
  const credential = createServiceCredential({
    tokenUrl: `${emulator.url}/oauth/token`,
    clientId: BENCH_CLIENT_ID,
    clientSecret: emulator.config.benchClientSecret,
  });
  const client = new UpstreamClient({
    baseUrl: emulator.url,
    accessToken: (await credential.token()).accessToken,
    readRetries: 0,
    log: () => {},
  });
  let count: number;
  try {
    count = await countRecords(client, 'messages', LIVE_MESSAGES);
  } catch (error) {
    return `the emulator does not list messages yet (${error instanceof Error ? error.message : String(error)})`;
  }
  if (count < minMessages)
    return `the emulator's ${emulator.config.preset} preset has ${count} messages, fewer than ${minMessages}`;
  const faults = await controlFetch(`${emulator.url}/__control/faults`, { method: 'GET' });
  await faults.text();
  if (faults.status === 404) return 'the emulator has no fault injection (/__control/faults) yet';
  return null;
}

function emulatorTarget(emulator: RunningEmulator): BenchTarget {
  // The emulator's fault rules (emulator/faults.ts): faulted requests never reach their handler.
  const operations = '^/admin/ra/message/[^/]+/(reprocess|status/|createMP3|recreateWaveform)';
  let errorRate: number | null = null;
  let latencyMs = 0;
  const applyFaults = async () => {
    const rules = [
      ...(latencyMs > 0 ? [{ pattern: operations, latencyMs }] : []),
      ...(errorRate !== null ? [{ pattern: operations, errorRate, status: 503 }] : []),
    ];
    const response = await controlFetch(`${emulator.url}/__control/faults`, {
      method: rules.length === 0 ? 'DELETE' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: rules.length === 0 ? undefined : JSON.stringify({ rules, seed: 20261122 }),
    });
    if (!response.ok) throw new Error(`/__control/faults answered ${response.status}: ${await response.text()}`);
  };
  return {
    kind: 'emulator',
    note: `emulator, ${emulator.config.preset} preset`,
    baseUrl: emulator.url,
    tokenUrl: `${emulator.url}/oauth/token`,
    clientId: BENCH_CLIENT_ID,
    clientSecret: emulator.config.benchClientSecret,
    async setWriteRateLimit(limit, windowMs) {
      emulator.updateSettings({ rateLimitWrite: limit, rateLimitWindowMs: windowMs });
    },
    async setFaults(rate) {
      errorRate = rate;
      await applyFaults();
    },
    async setLatency(ms) {
      latencyMs = ms;
      await applyFaults();
      return true;
    },
    async requestCounts() {
      return countByPath(emulator.requestLog.list());
    },
    async clearRequestLog() {
      emulator.requestLog.clear();
    },
    stop: () => emulator.stop(),
  };
}

async function fakeTarget(minMessages: number, why: string): Promise<BenchTarget> {
  const fake = await new FakeVoiceService({ messages: Math.max(minMessages, 1000) }).start();
  return {
    kind: 'fake',
    note: `fake message service (tests/jobs/support/fake-voice.ts): ${why}`,
    baseUrl: fake.url,
    tokenUrl: fake.tokenUrl,
    clientId: FAKE_CLIENT_ID,
    clientSecret: FAKE_CLIENT_SECRET,
    async setWriteRateLimit(limit, windowMs) {
      fake.rateLimitWrite = limit;
      fake.rateLimitWindowMs = windowMs;
    },
    async setFaults(rate) {
      fake.faults = rate === null ? null : { rate, status: 503 };
    },
    async setLatency(ms) {
      fake.latencyMs = ms;
      return true;
    },
    async requestCounts() {
      return countByPath(fake.log);
    },
    async clearRequestLog() {
      fake.log.length = 0;
    },
    stop: () => fake.stop(),
  };
}

/**
 * A control request (idempotent: GET, or a DELETE/POST that replaces the rules), tried twice: a
 * kept-alive connection the server closed meanwhile answers ECONNRESET once.
 */
async function controlFetch(url: string, request: RequestInit): Promise<Response> {
  const init = {
    ...request,
    headers: { ...(request.headers as Record<string, string> | undefined), ...CONTROL_HEADERS },
  };
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

function countByPath(entries: readonly { path: string; status: number }[]) {
  const counts = new Map<string, { total: number; ok: number; status429: number; status5xx: number }>();
  for (const entry of entries) {
    const count = counts.get(entry.path) ?? { total: 0, ok: 0, status429: 0, status5xx: 0 };
    count.total++;
    if (entry.status >= 200 && entry.status < 300) count.ok++;
    if (entry.status === 429) count.status429++;
    if (entry.status >= 500) count.status5xx++;
    counts.set(entry.path, count);
  }
  return counts;
}
