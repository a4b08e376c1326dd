/**
 * A bulk dry run over about 100,000 matching messages (the `large` preset), planned in the
 * background: the engine's own path run in this process against an emulator in
 * a child process and a PostgreSQL console database. The operator's request (`planJob` with the
 * console's default JOB_INLINE_PLAN_LIMIT) reads one page and returns; this process's job runner
 * then reads the rest page by page, paced to the service's read limit (the emulator's default, as
 * a real service's would be). Measured: the request's time, the background read's time, this
 * process's RSS growth while it reads (sampled every 250 ms; budget 100 MB: one page in memory,
 * not the selection), and, on a second dry run cancelled mid-read, how long after the cancel the
 * last read of the service ended (from the emulator's request log; budget 2 s) and that no read
 * started after it.
 *
 * `npx tsx bench/scenarios/background-plan.ts` runs it alone (BENCH_PRESET, BENCH_PLAN_PORT).
 */
import { CONTROL_HEADERS } from '../../emulator/control';
import { requestLogSchema } from '../../emulator/request-log';
import { openConsoleDb, type ConsoleDb } from '../../lib/db';
import { cancelJob, getJob } from '../../lib/jobs/store';
import { planJob, readPlanProgress, planSettings } from '../../lib/jobs/plan';
import { startJobRunner, type JobRunner, createServiceCredential, machineUpstream } from '../../lib/jobs/runner';
import { UpstreamClient } from '../../lib/upstream/client';
import { countRecords } from '../../lib/upstream/ra';
import { BENCH_CLIENT_ID, DEFAULT_CONFIG } from '../../emulator/config';
import { createTestDatabase, startTestPostgres } from '../../tests/support/postgres';
import { BENCH_ACTOR } from '../jobs-target';
import { budgetRow, type BudgetRow } from '../budgets';
import { withChildEmulator, type ChildEmulator } from './emulator-child';

const MB = 1024 * 1024;
const TARGET = 100_000;
/** Statuses other than `active`, added to the filter until it matches at least TARGET messages. */
const STATUSES = [
  'deleted',
  'account-deleted',
  'paused',
  'offline',
  'scheduled',
  'processing',
  'inprogress',
  'initializing',
  'failed',
];

/** Its emulator's port: BENCH_PORT_BASE + 40 when set (two benches never share ports). */
const defaultPort = () => (process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) + 40 : 4540);

async function requestLog(url: string) {
  const response = await fetch(`${url}/__control/requests`, { headers: CONTROL_HEADERS });
  return requestLogSchema.parse(await response.json());
}

/** A status filter matching at least TARGET messages (as few statuses as that takes). */
async function largeFilter(client: UpstreamClient): Promise<{ filter: { status: string[] }; matching: number }> {
  const counts = await Promise.all(
    STATUSES.map(async (status) => ({ status, count: await countRecords(client, 'messages', { status }) })),
  );
  const chosen: string[] = [];
  let matching = 0;
  for (const { status, count } of counts.sort((a, b) => b.count - a.count)) {
    if (matching >= TARGET) break;
    chosen.push(status);
    matching += count;
  }
  return { filter: { status: chosen }, matching };
}

export function run(options: { preset?: string; port?: number; emulator?: ChildEmulator } = {}): Promise<BudgetRow[]> {
  return withChildEmulator(options.emulator, options.preset ?? 'large', options.port ?? defaultPort(), measure);
}

async function measure(emulator: ChildEmulator): Promise<BudgetRow[]> {
  // The request log tells the reads of this scenario apart: earlier scenarios' reads are dropped.
  await fetch(`${emulator.url}/__control/requests`, { method: 'DELETE', headers: CONTROL_HEADERS });
  const server = process.env.BENCH_DATABASE_URL ? null : await startTestPostgres();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? server?.postgres.adminUrl;
  if (!adminUrl) throw new Error(`no PostgreSQL: ${server?.postgres.skipReason ?? 'unknown'}`);
  const database = process.env.BENCH_DATABASE_URL
    ? { url: adminUrl, drop: async () => {} }
    : await createTestDatabase(adminUrl);
  let db: ConsoleDb | null = null;
  let runner: JobRunner | null = null;
  try {
    db = await openConsoleDb({ databaseUrl: database.url });
    const operator = new UpstreamClient({
      baseUrl: emulator.url,
      accessToken: emulator.token,
      timeoutMs: 30_000,
      log: () => undefined,
    });
    const { filter, matching } = await largeFilter(operator);
    const upstream = machineUpstream({
      baseUrl: emulator.url,
      credential: createServiceCredential({
        tokenUrl: `${emulator.url}/oauth/token`,
        clientId: BENCH_CLIENT_ID,
        clientSecret: DEFAULT_CONFIG.benchClientSecret,
      }),
      timeoutMs: 30_000,
    });
    runner = startJobRunner({ db, upstream, pollIntervalMs: 100, instanceId: 'bench-planner', log: () => undefined });
    await runner.ready;
    const input = { action: 'message.reprocess' as const, selection: { kind: 'filter' as const, filter } };

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 250);
    const asked = performance.now();
    const plan = await planJob({ db, upstream: operator }, BENCH_ACTOR, input, planSettings({}));
    const responseMs = Math.round(performance.now() - asked);
    let job = await getJob(db, plan.jobId);
    while (job && job.status === 'planning') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await getJob(db, plan.jobId);
    }
    const planSeconds = (performance.now() - asked) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const progress = await readPlanProgress(db, plan.jobId);
    const growthMb = Math.round((peak - baseline) / MB);
    const planned = job?.status === 'planned' && plan.background !== null ? job.total : null;
    const detail = `${job?.total ?? 0} of ${matching} matching (${JSON.stringify(filter.status)}) in ${progress?.pages ?? 0} pages, ${planSeconds.toFixed(1)} s; RSS ${Math.round(baseline / MB)} -> peak ${Math.round(peak / MB)} MB; ${progress?.state ?? 'no background read'}${progress?.error ? `: ${progress.error}` : ''}`;
    await cancelJob(db, BENCH_ACTOR, plan.jobId);

    // Cancel mid-read: a second dry run of the same selection, cancelled a few pages in.
    const second = await planJob({ db, upstream: operator }, BENCH_ACTOR, input, planSettings({}));
    for (
      let read = await readPlanProgress(db, second.jobId);
      read && read.state === 'reading' && read.pages < 10;
      read = await readPlanProgress(db, second.jobId)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await cancelJob(db, BENCH_ACTOR, second.jobId);
    // From the moment the cancel is committed: a read the runner sent while it was being written is not after it.
    const cancelledAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const reads = (await requestLog(emulator.url)).filter(
      (entry) => entry.path === '/admin/ra/messages' && entry.subject === BENCH_CLIENT_ID,
    );
    const endOf = (entry: (typeof reads)[number]) => Date.parse(entry.time) + entry.durationMs;
    const startedAfter = reads.filter((entry) => Date.parse(entry.time) > cancelledAt).length;
    const lastEnd = Math.max(cancelledAt, ...reads.map(endOf));
    const stopMs = startedAfter === 0 ? lastEnd - cancelledAt : null;
    return [
      budgetRow(
        {
          id: 'scale.background-plan.response-ms',
          title: `dry run of ${matching} messages: the request's time (first page, then background)`,
          comparison: 'at-most',
          limit: 3000,
          unit: 'ms',
        },
        planned === null ? null : responseMs,
        { note: detail },
      ),
      budgetRow(
        {
          id: 'scale.background-plan.rss-growth',
          title: `dry run of ${matching} messages in the background: RSS growth`,
          comparison: 'at-most',
          limit: 100,
          unit: 'MB',
        },
        planned === null ? null : growthMb,
        { note: detail },
      ),
      // Reported, not budgeted: the pace is the service's read limit.
      budgetRow(
        {
          id: 'scale.background-plan.seconds',
          title: `dry run of ${matching} messages in the background: planning time`,
          comparison: 'at-most',
          limit: 600,
          unit: 's',
        },
        planned === null ? null : Math.round(planSeconds * 10) / 10,
        { note: detail },
      ),
      budgetRow(
        {
          id: 'scale.background-plan.cancel-ms',
          title: 'background dry run cancelled mid-read: last service read ends after',
          comparison: 'at-most',
          limit: 2000,
          unit: 'ms',
        },
        stopMs,
        { note: `${startedAfter} reads started after the cancel; ${reads.length} reads by the machine client in all` },
      ),
    ];
  } finally {
    await runner?.stop();
    await db?.close();
    await database.drop().catch(() => {});
    await server?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run({
    preset: process.env.BENCH_PRESET ?? 'large',
    port: process.env.BENCH_PLAN_PORT ? Number(process.env.BENCH_PLAN_PORT) : undefined,
  }).then(
    (rows) => console.log(JSON.stringify(rows, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
