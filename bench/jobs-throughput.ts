/**
 * Bulk reprocess throughput against the service's write rate limit.
 *
 *   npx tsx bench/jobs-throughput.ts [--items 1000] [--rate 50] [--concurrency 4]
 *
 * Runs a 1,000-item reprocess job with one runner (console database: PGlite in a temporary
 * directory, or PostgreSQL when BENCH_DATABASE_URL is set) against the service (see
 * jobs-target.ts) with a write limit of R per second, twice: without faults, then with 10% of
 * the operations answered 503. Budget: wall time within 1.15 x (items / R), a handful of 429s,
 * every item ok or failed with a reason, no message applied twice. Writes
 * bench/results/jobs-throughput.json and prints a table. Exits 1 when a budget is missed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openConsoleDb, type ConsoleDb } from '../lib/db';
import { startJob, getJob } from '../lib/jobs/store';
import { operationPath } from '../lib/upstream/message-operations';
import { startJobRunner, createServiceCredential, machineUpstream } from '../lib/jobs/runner';
import { BENCH_ACTOR, planBenchReprocess, startBenchTarget, type BenchTarget } from './jobs-target';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '4' },
  },
});
const ITEMS = Number(args.items);
const RATE = Number(args.rate);
const CONCURRENCY = Number(args.concurrency);
const BUDGET_RATIO = 1.15;
const MAX_429 = 5;

interface RunResult {
  name: string;
  faultRate: number;
  items: number;
  wallSeconds: number;
  floorSeconds: number;
  ratio: number;
  ok: number;
  failed: number;
  failedWithoutReason: number;
  requests: number;
  status429: number;
  status5xx: number;
  appliedTwice: number;
  notApplied: number;
  sendsMismatch: number;
  /** The first failed items' reasons. */
  failures: { id: string; sends: number; error: string | null }[];
  /** This process's CPU time during the run (runner, console database and in-process service). */
  cpuSeconds: number;
  /** The machine's 1-minute load average at the end (2 cores here): above 2, timings are suspect. */
  loadAverage: number;
  pass: boolean;
}

async function runOnce(target: BenchTarget, db: ConsoleDb, name: string, faultRate: number | null): Promise<RunResult> {
  await target.setWriteRateLimit(RATE, 1000);
  await target.setFaults(faultRate);
  const planned = await planBenchReprocess(db, target, ITEMS);
  const total = planned.total;
  await target.clearRequestLog();
  // A fresh token for the runner (a rate-limit budget of its own), fetched before the clock starts.
  const upstream = machineUpstream({
    baseUrl: target.baseUrl,
    credential: createServiceCredential({
      tokenUrl: target.tokenUrl,
      clientId: target.clientId,
      clientSecret: target.clientSecret,
    }),
  });
  await upstream.client();
  const runner = startJobRunner({
    db,
    upstream,
    concurrency: CONCURRENCY,
    pollIntervalMs: 100,
    instanceId: `bench-${name}`,
    log: (event) => {
      if (event.type === 'error') console.warn(`[runner] ${event.message}`);
    },
  });
  await runner.ready;
  // The clock starts at the operator's confirmation.
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await startJob(db, BENCH_ACTOR, planned.jobId, total);
  let job = await getJob(db, planned.jobId);
  while (job && job.status !== 'completed') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = await getJob(db, planned.jobId);
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await runner.stop();
  await target.setFaults(null);
  if (!job) throw new Error('the job vanished');

  const counts = await target.requestCounts();
  const items = await db.query<{ item_id: string; status: string; sends: number; error: string | null }>(
    `SELECT item_id, status, sends, error FROM bulk_job_items WHERE job_id = $1`,
    [planned.jobId],
  );
  let appliedTwice = 0;
  let notApplied = 0;
  let sendsMismatch = 0;
  for (const item of items) {
    const count = counts.get(operationPath('message.reprocess', item.item_id)) ?? { total: 0, ok: 0 };
    if (count.ok > 1) appliedTwice++;
    if (item.status === 'ok' && count.ok !== 1) notApplied++;
    if (count.total !== item.sends) sendsMismatch++;
  }
  const all = [...counts.entries()].filter(([p]) => p.endsWith('/reprocess')).map(([, c]) => c);
  const floorSeconds = total / RATE;
  const result: RunResult = {
    name,
    faultRate: faultRate ?? 0,
    items: total,
    wallSeconds: round(wallSeconds),
    floorSeconds: round(floorSeconds),
    ratio: round(wallSeconds / floorSeconds),
    ok: job.counts.ok,
    failed: job.counts.failed,
    failedWithoutReason: items.filter((item) => item.status === 'failed' && !item.error).length,
    requests: all.reduce((sum, c) => sum + c.total, 0),
    status429: all.reduce((sum, c) => sum + c.status429, 0),
    status5xx: all.reduce((sum, c) => sum + c.status5xx, 0),
    appliedTwice,
    notApplied,
    sendsMismatch,
    cpuSeconds: round((cpu.user + cpu.system) / 1e6),
    loadAverage: round(os.loadavg()[0] ?? 0),
    failures: items
      .filter((item) => item.status === 'failed')
      .slice(0, 10)
      .map((item) => ({ id: item.item_id, sends: item.sends, error: item.error })),
    pass: false,
  };
  const ended = result.ok + result.failed === total && result.failedWithoutReason === 0;
  const timely = faultRate ? true : result.ratio <= BUDGET_RATIO;
  result.pass =
    ended && timely && result.status429 <= MAX_429 && appliedTwice === 0 && notApplied === 0 && sendsMismatch === 0;
  return result;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

async function main(): Promise<void> {
  const target = await startBenchTarget({ minMessages: ITEMS });
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const root = databaseUrl ? null : mkdtempSync(path.join(os.tmpdir(), 'jobs-bench-'));
  const db = await openConsoleDb(databaseUrl ? { databaseUrl } : { dataDir: path.join(root!, 'console-db') });
  const results: RunResult[] = [];
  try {
    results.push(await runOnce(target, db, 'reprocess', null));
    results.push(await runOnce(target, db, 'reprocess-10pct-5xx', 0.1));
  } finally {
    await db.close();
    await target.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  }

  console.log(
    `\nBulk reprocess: ${ITEMS} items, write limit ${RATE}/s, concurrency ${CONCURRENCY}, ${db.kind}, against the ${target.note}`,
  );
  console.table(
    results.map((r) => ({
      run: r.name,
      'wall s': r.wallSeconds,
      'floor s': r.floorSeconds,
      ratio: r.ratio,
      ok: r.ok,
      failed: r.failed,
      requests: r.requests,
      '429s': r.status429,
      '5xxs': r.status5xx,
      'applied twice': r.appliedTwice,
      'sends≠calls': r.sendsMismatch,
      'cpu s': r.cpuSeconds,
      load: r.loadAverage,
      pass: r.pass,
    })),
  );
  const file = path.join('bench', 'results', 'jobs-throughput.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), target: { kind: target.kind, note: target.note }, database: db.kind, rate: RATE, concurrency: CONCURRENCY, budgetRatio: BUDGET_RATIO, max429: MAX_429, results }, null, 2)}\n`,
  );
  console.log(`written ${file}`);
  const cores = os.cpus().length;
  if (results.some((r) => r.loadAverage > cores))
    console.warn(`[bench] the load average exceeded the ${cores} cores during a run: its timing is not representative`);
  if (results.some((r) => !r.pass)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
