/**
 * A console process for bench/jobs-kill.ts: opens the console database, runs a job runner
 * until the given job ended, printing its progress as JSON lines. The parent SIGKILLs it.
 *
 *   node --import tsx bench/jobs-kill-worker.ts --job ID --instance NAME --lease 3 \
 *     --base-url URL --token-url URL --client-id ID --client-secret SECRET (--data-dir DIR | --database-url URL)
 */
import { parseArgs } from 'node:util';
import { openConsoleDb } from '../lib/db';
import { getJob } from '../lib/jobs/store';
import { startJobRunner, createServiceCredential, machineUpstream } from '../lib/jobs/runner';

const { values: args } = parseArgs({
  options: {
    job: { type: 'string' },
    instance: { type: 'string' },
    lease: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '4' },
    'base-url': { type: 'string' },
    'token-url': { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
  },
});

const print = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

async function main(): Promise<void> {
  const jobId = args.job!;
  const db = await openConsoleDb(
    args['database-url'] ? { databaseUrl: args['database-url'] } : { dataDir: args['data-dir']! },
  );
  const runner = startJobRunner({
    db,
    upstream: machineUpstream({
      baseUrl: args['base-url']!,
      credential: createServiceCredential({
        tokenUrl: args['token-url']!,
        clientId: args['client-id']!,
        clientSecret: args['client-secret']!,
      }),
    }),
    instanceId: args.instance,
    leaseSeconds: Number(args.lease),
    concurrency: Number(args.concurrency),
    pollIntervalMs: 200,
    log: (event) => print({ type: 'event', event }),
  });
  await runner.ready;
  print({ type: 'ready', pid: process.pid, instance: runner.instanceId });
  for (;;) {
    const job = await getJob(db, jobId);
    if (!job) throw new Error(`no job ${jobId}`);
    print({ type: 'progress', status: job.status, ...job.counts });
    if (job.status === 'completed' || job.status === 'cancelled') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await runner.stop();
  await db.close();
  print({ type: 'done' });
}

main().catch((error: unknown) => {
  print({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
