/**
 * `npx tsx bench/emulator-list.ts`: latency of the emulator's list endpoint at the `large`
 * preset (1,000,000 messages), so the emulator is never the bottleneck of console benchmarks.
 *
 * Starts the emulator as a child process (its own core; the first start generates and caches
 * the data, later starts load the cache), lifts its rate limits, then issues BENCH_REQUESTS
 * requests per variant at BENCH_CONCURRENCY, after a warm-up that builds the indexes a variant
 * uses. Prints p50/p95/p99 per variant, writes bench/results/emulator-list.json (or
 * emulator-list-<preset>.json for another preset), and exits non-zero when the target variant
 * (status filter, sorted by last_updated_at) has p95 >= 50 ms.
 *
 * Settings: BENCH_REQUESTS (default 2000), BENCH_CONCURRENCY (10), BENCH_PRESET (large),
 * BENCH_EMULATOR_PORT (4510).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BENCH_CLIENT_ID, DEFAULT_CONFIG } from '../emulator/config';
import { encodeListQuery, messageSchema, tokenResponseSchema, type ListQuery } from '../lib/upstream/contract';
import { CONTROL_HEADERS } from '../emulator/control';

const ROOT = path.resolve(import.meta.dirname, '..');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const PRESET = process.env.BENCH_PRESET ?? 'large';
const RESULTS = path.join(
  ROOT,
  'bench',
  'results',
  PRESET === 'large' ? 'emulator-list.json' : `emulator-list-${PRESET}.json`,
);
const LOG = path.join(ROOT, '.data', 'bench', 'emulator-list.log');
const PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 4510);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const WARMUP_REQUESTS = 20;
const TARGET = { variant: 'processing by last update', p95Ms: 50 };

interface Variant {
  name: string;
  query: ListQuery;
  /** Fewer requests for variants measured for information only. */
  requests?: number;
}

interface Stats {
  requests: number;
  failures: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  total: number | null;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

interface Answer {
  status: number;
  body: string;
  contentRange: string | undefined;
}

/** A GET on a kept-alive connection; retried once when the server had just closed the idle connection. */
async function get(url: string, token: string): Promise<Answer> {
  try {
    return await getOnce(url, token);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error;
    return getOnce(url, token);
  }
}

function getOnce(url: string, token: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          contentRange: response.headers['content-range'],
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

const round = (value: number) => Math.round(value * 100) / 100;

async function measure(url: string, token: string, requests: number): Promise<Stats> {
  const latencies: number[] = [];
  let failures = 0;
  let total: number | null = null;
  let issued = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < requests) {
      issued++;
      const sent = performance.now();
      const response = await get(url, token);
      latencies.push(performance.now() - sent);
      if (response.status !== 200 || !response.contentRange) failures++;
      total ??= Number(/\/(\d+)$/.exec(response.contentRange ?? '')?.[1] ?? Number.NaN);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    requestsPerSecond: round(latencies.length / seconds),
    p50: round(percentile(latencies, 0.5)),
    p95: round(percentile(latencies, 0.95)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? Number.NaN),
    total,
  };
}

function startEmulator(): ChildProcess {
  mkdirSync(path.dirname(LOG), { recursive: true });
  const log = createWriteStream(LOG);
  // node itself rather than the tsx CLI, so the child is the emulator process whose memory is read.
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      EMULATOR_HOST: '127.0.0.1',
      EMULATOR_PORT: String(PORT),
      EMULATOR_PUBLIC_URL: BASE_URL,
      EMULATOR_PRESET: PRESET,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

async function waitUntilHealthy(child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the emulator exited with ${child.exitCode}; see ${LOG}`);
    const healthy = await fetch(`${BASE_URL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the emulator was not healthy within ${timeoutMs / 1000} s; see ${LOG}`);
}

/** Resident memory of a process in MB (Linux). */
function residentMb(pid: number | undefined): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  console.log(`[bench] starting the emulator (${PRESET}; the first start generates the data and caches it)…`);
  const startedAt = performance.now();
  const child = startEmulator();
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  process.on('exit', stop);
  try {
    await waitUntilHealthy(child, 30 * 60_000);
    const secondsToHealthy = round((performance.now() - startedAt) / 1000);
    const startupLine =
      readFileSync(LOG, 'utf8')
        .split('\n')
        .find((line) => line.includes(' ready: ')) ?? '';
    console.log(`[bench] healthy after ${secondsToHealthy} s: ${startupLine.replace(/^\[emulator\] /, '')}`);

    await fetch(`${BASE_URL}/__control/settings`, {
      method: 'POST',
      headers: { ...CONTROL_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ rateLimitRead: 1_000_000_000 }),
    });
    const tokenResponse = await fetch(`${BASE_URL}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${BENCH_CLIENT_ID}:${DEFAULT_CONFIG.benchClientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'admin' }),
    });
    const token = tokenResponseSchema.parse(await tokenResponse.json()).access_token;

    const firstPage = await get(
      `${BASE_URL}/admin/ra/messages?${encodeListQuery({ range: { start: 0, end: 0 } })}`,
      token,
    );
    const sample = messageSchema.parse((JSON.parse(firstPage.body) as unknown[])[0]);
    const nonTerminal = ['processing', 'initializing', 'inprogress'];
    const variants: Variant[] = [
      {
        name: TARGET.variant,
        query: {
          sort: { field: 'last_updated_at', order: 'DESC' },
          range: { start: 0, end: 24 },
          filter: { status: 'processing' },
        },
      },
      {
        name: 'stuck queue (3 statuses, not updated for 15 min)',
        query: {
          sort: { field: 'last_updated_at', order: 'ASC' },
          range: { start: 0, end: 24 },
          filter: { status: nonTerminal, updated_before: Date.now() - 15 * 60_000 },
        },
      },
      {
        name: 'all, newest first',
        query: { sort: { field: 'message_ts', order: 'DESC' }, range: { start: 0, end: 24 } },
      },
      {
        name: 'active by last update, page 401',
        query: {
          sort: { field: 'last_updated_at', order: 'DESC' },
          range: { start: 10_000, end: 10_024 },
          filter: { status: 'active' },
        },
      },
      {
        name: 'one workspace, newest first',
        query: {
          sort: { field: 'message_ts', order: 'DESC' },
          range: { start: 0, end: 24 },
          filter: { workspace_guid: sample.workspace_guid },
        },
      },
      {
        name: 'one channel, by sequence',
        query: {
          sort: { field: 'sequence_number', order: 'ASC' },
          range: { start: 0, end: 24 },
          filter: { channel_guid: sample.channel_guids?.[0] ?? '' },
        },
      },
      {
        name: 'last 7 days, one status',
        query: {
          sort: { field: 'message_ts', order: 'DESC' },
          range: { start: 0, end: 24 },
          filter: { status: 'paused', created_after: (sample.message_ts ?? Date.now()) - 7 * 24 * 3600_000 },
        },
      },
      {
        name: 'free text q (information only)',
        query: {
          sort: { field: 'message_ts', order: 'DESC' },
          range: { start: 0, end: 24 },
          filter: { q: 'invoice budget' },
        },
        requests: 50,
      },
    ];

    const results: Array<{ name: string; url: string } & Stats> = [];
    for (const variant of variants) {
      const url = `${BASE_URL}/admin/ra/messages?${encodeListQuery(variant.query)}`;
      const warmupStarted = performance.now();
      const requests = variant.requests ?? REQUESTS;
      for (let i = 0; i < Math.min(WARMUP_REQUESTS, requests / 10); i++) await get(url, token);
      const warmupMs = round(performance.now() - warmupStarted);
      const stats = await measure(url, token, requests);
      results.push({ name: variant.name, url: url.replace(BASE_URL, ''), ...stats });
      console.log(
        `[bench] ${variant.name.padEnd(50)} p50 ${String(stats.p50).padStart(7)} ms  p95 ${String(stats.p95).padStart(7)} ms  ` +
          `p99 ${String(stats.p99).padStart(7)} ms  ${String(stats.requestsPerSecond).padStart(7)} req/s  total ${stats.total}  ` +
          `failures ${stats.failures}  (warm-up ${warmupMs} ms)`,
      );
    }

    const target = results.find((result) => result.name === TARGET.variant);
    const pass = target !== undefined && target.failures === 0 && target.p95 < TARGET.p95Ms;
    const report = {
      measuredAt: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map(round),
      preset: PRESET,
      concurrency: CONCURRENCY,
      startup: { secondsToHealthy, log: startupLine, emulatorResidentMb: residentMb(child.pid) },
      target: { ...TARGET, p95: target?.p95 ?? null, pass },
      variants: results,
    };
    mkdirSync(path.dirname(RESULTS), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `[bench] target: ${TARGET.variant} p95 ${target?.p95} ms (budget < ${TARGET.p95Ms} ms) ${pass ? 'PASS' : 'FAIL'}; ` +
        `emulator RSS ${report.startup.emulatorResidentMb} MB; wrote ${path.relative(ROOT, RESULTS)}`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    agent.destroy();
    stop();
  }
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
