/**
 * Kill a console in the middle of a 1,000-item job and start another:
 *
 *   npx tsx bench/jobs-kill.ts [--items 1000] [--rate 50] [--kill-at 400] [--lease 3]
 *
 * The service runs in this process (see jobs-target.ts); the console runs as a child process
 * (jobs-kill-worker.ts) on a console database in a temporary PGlite directory (or PostgreSQL
 * with BENCH_DATABASE_URL). The first child is SIGKILLed once `--kill-at` items are done; a
 * second child (another instance id) resumes after the lease. Then, per message, the service's
 * reprocess calls are compared with the item's record: exactly 1 call for every message that was
 * not in flight at the kill, at most 2 for those that were, and the record (claims > 1, sends)
 * names exactly those. The fake service answers after `--latency` ms (default 150), so that
 * requests are on the wire when the kill comes. Writes bench/results/jobs-kill.json; exits 1 when a check fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { openConsoleDb, type ConsoleDbOptions } from '../lib/db';
import { startJob } from '../lib/jobs/store';
import { operationPath } from '../lib/upstream/message-operations';
import { BENCH_ACTOR, planBenchReprocess, startBenchTarget, type BenchTarget } from './jobs-target';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '50' },
    'kill-at': { type: 'string', default: '400' },
    lease: { type: 'string', default: '3' },
    /** Answer delay of the fake service, so that requests are on the wire at the kill. */
    latency: { type: 'string', default: '150' },
  },
});
const ITEMS = Number(args.items);
const RATE = Number(args.rate);
const KILL_AT = Number(args['kill-at']);
const LEASE = Number(args.lease);

interface Progress {
  type: string;
  ok?: number;
  failed?: number;
  status?: string;
  message?: string;
}

function startWorker(
  target: BenchTarget,
  db: ConsoleDbOptions,
  jobId: string,
  instance: string,
): { child: ChildProcess; lines: AsyncIterable<Progress> } {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join('bench', 'jobs-kill-worker.ts'),
      '--job',
      jobId,
      '--instance',
      instance,
      '--lease',
      String(LEASE),
      '--base-url',
      target.baseUrl,
      '--token-url',
      target.tokenUrl,
      '--client-id',
      target.clientId,
      '--client-secret',
      target.clientSecret,
      ...(db.databaseUrl ? ['--database-url', db.databaseUrl] : ['--data-dir', db.dataDir!]),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const reader = createInterface({ input: child.stdout! });
  async function* lines(): AsyncIterable<Progress> {
    for await (const line of reader) {
      try {
        yield JSON.parse(line) as Progress;
      } catch {
        console.log(`[${instance}] ${line}`);
      }
    }
  }
  return { child, lines: lines() };
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

async function main(): Promise<void> {
  const target = await startBenchTarget({ minMessages: ITEMS });
  await target.setWriteRateLimit(RATE, 1000);
  const latencyMs = (await target.setLatency(Number(args.latency))) ? Number(args.latency) : 0;
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const root = databaseUrl ? null : mkdtempSync(path.join(os.tmpdir(), 'jobs-kill-'));
  const dbOptions: ConsoleDbOptions = databaseUrl ? { databaseUrl } : { dataDir: path.join(root!, 'console-db') };
  try {
    // Plan and confirm the job, then hand the database to the console processes.
    let db = await openConsoleDb(dbOptions);
    const planned = await planBenchReprocess(db, target, ITEMS);
    const total = planned.total;
    await startJob(db, BENCH_ACTOR, planned.jobId, total);
    await db.close();
    await target.clearRequestLog();

    const started = performance.now();
    const victim = startWorker(target, dbOptions, planned.jobId, 'victim');
    let doneAtKill = 0;
    for await (const line of victim.lines) {
      if (line.type === 'error') throw new Error(`victim failed: ${line.message}`);
      if (line.type === 'progress' && (line.ok ?? 0) >= KILL_AT) {
        victim.child.kill('SIGKILL');
        doneAtKill = line.ok ?? 0;
        break;
      }
    }
    const killedAt = performance.now();
    const victimExit = await exited(victim.child);
    console.log(
      `[bench] killed the first console (${victimExit.signal}) with ${doneAtKill}+ items done, ${((killedAt - started) / 1000).toFixed(1)} s in`,
    );

    const successor = startWorker(target, dbOptions, planned.jobId, 'successor');
    let resumedAt: number | null = null;
    let lastOk = doneAtKill;
    for await (const line of successor.lines) {
      if (line.type === 'error') throw new Error(`successor failed: ${line.message}`);
      if (line.type === 'progress') {
        if (resumedAt === null && (line.ok ?? 0) > lastOk) resumedAt = performance.now();
        lastOk = line.ok ?? lastOk;
      }
      if (line.type === 'done') break;
    }
    const successorExit = await exited(successor.child);
    const finished = performance.now();
    if (successorExit.code !== 0)
      throw new Error(`the second console exited with ${successorExit.code ?? successorExit.signal}`);

    db = await openConsoleDb(dbOptions);
    const items = await db.query<{
      item_id: string;
      status: string;
      sends: number;
      claims: number;
      claimed_by: string | null;
    }>(`SELECT item_id, status, sends, claims, claimed_by FROM bulk_job_items WHERE job_id = $1 ORDER BY seq`, [
      planned.jobId,
    ]);
    const [job] = await db.query<{ status: string }>(`SELECT status FROM bulk_jobs WHERE id = $1`, [planned.jobId]);
    await db.close();

    const counts = await target.requestCounts();
    const callsOf = (id: string) =>
      counts.get(operationPath('message.reprocess', id)) ?? { total: 0, ok: 0, status429: 0, status5xx: 0 };
    const resumed = items.filter((item) => item.claims > 1);
    const problems: string[] = [];
    let sentTwice = 0;
    for (const item of items) {
      const calls = callsOf(item.item_id);
      if (item.status !== 'ok') problems.push(`${item.item_id} ended ${item.status}`);
      if (calls.total > item.sends) problems.push(`${item.item_id}: ${calls.total} calls but sends ${item.sends}`);
      if (item.claims > 1) {
        if (calls.ok > 2) problems.push(`${item.item_id} (in flight at the kill) applied ${calls.ok} times`);
        if (calls.ok === 2) sentTwice++;
      } else if (calls.ok !== 1) {
        problems.push(`${item.item_id} (not in flight at the kill) applied ${calls.ok} times`);
      }
    }
    const rateLimited = [...counts.values()].reduce((sum, c) => sum + c.status429, 0);
    const result = {
      date: new Date().toISOString(),
      target: { kind: target.kind, note: target.note },
      database: databaseUrl ? 'postgres' : 'pglite',
      items: total,
      rate: RATE,
      leaseSeconds: LEASE,
      serviceLatencyMs: latencyMs,
      jobStatus: job?.status,
      doneAtKill,
      killedAfterSeconds: round((killedAt - started) / 1000),
      resumedAfterKillSeconds: resumedAt === null ? null : round((resumedAt - killedAt) / 1000),
      totalSeconds: round((finished - started) / 1000),
      inFlightAtKill: resumed.map((item) => ({
        id: item.item_id,
        sends: item.sends,
        calls: callsOf(item.item_id).total,
        applied: callsOf(item.item_id).ok,
      })),
      appliedTwice: sentTwice,
      otherMessagesAppliedOnce: items.filter((item) => item.claims === 1 && callsOf(item.item_id).ok === 1).length,
      status429: rateLimited,
      problems,
      pass: problems.length === 0 && job?.status === 'completed' && resumed.length > 0,
    };
    console.log(
      `\nKill and resume: ${total} items at ${RATE}/s, lease ${LEASE} s, service latency ${latencyMs} ms, ${result.database}, against the ${target.note}`,
    );
    console.table([
      {
        'done at kill': doneAtKill,
        'in flight at kill': resumed.length,
        'of those sent twice': sentTwice,
        'others applied once': `${result.otherMessagesAppliedOnce}/${total - resumed.length}`,
        'resumed after s': result.resumedAfterKillSeconds,
        'total s': result.totalSeconds,
        '429s': rateLimited,
        job: job?.status,
        pass: result.pass,
      },
    ]);
    if (problems.length > 0) console.log(problems.slice(0, 20).join('\n'));
    const file = path.join('bench', 'results', 'jobs-kill.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written ${file}`);
    if (!result.pass) process.exitCode = 1;
  } finally {
    await target.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000;

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
