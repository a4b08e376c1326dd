/**
 * Bulk jobs with two console instances on one PostgreSQL sharing the service's rate limit: a
 * 1,000-item reprocess worked by two runners, each with its own connection pool, both sending
 * with one token (the service counts their calls in one budget), write limit R a second.
 * Budget: wall time from the operator's confirmation to the job's end within 1.15 x the
 * 1000 / R floor, every item applied once (counted at the service), nothing lost or doubled.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else a throwaway cluster like the tests' (tests/support/postgres.ts).
 * `npx tsx bench/scenarios/two-instances.ts` runs it alone (BENCH_TWO_ITEMS, BENCH_TWO_RATE).
 */
import { openConsoleDb, type ConsoleDb } from '../../lib/db';
import { startJob, getJob } from '../../lib/jobs/store';
import { operationPath } from '../../lib/upstream/message-operations';
import { startJobRunner, type JobRunner, createServiceCredential, machineUpstream } from '../../lib/jobs/runner';
import { createTestDatabase, startTestPostgres } from '../../tests/support/postgres';
import { BENCH_ACTOR, planBenchReprocess, startBenchTarget } from '../jobs-target';
import { budgetRow, type BudgetRow } from '../budgets';

const BUDGET_RATIO = 1.15;

export async function run(options: { items?: number; rate?: number } = {}): Promise<BudgetRow[]> {
  const items = options.items ?? 1000;
  const rate = options.rate ?? 50;
  const server = process.env.BENCH_DATABASE_URL ? null : await startTestPostgres();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? server?.postgres.adminUrl;
  if (!adminUrl) throw new Error(`no PostgreSQL: ${server?.postgres.skipReason ?? 'unknown'}`);
  const database = process.env.BENCH_DATABASE_URL
    ? { url: adminUrl, drop: async () => {} }
    : await createTestDatabase(adminUrl);
  const target = await startBenchTarget({ minMessages: items });
  const dbs: ConsoleDb[] = [];
  const runners: JobRunner[] = [];
  try {
    dbs.push(await openConsoleDb({ databaseUrl: database.url }), await openConsoleDb({ databaseUrl: database.url }));
    await target.setWriteRateLimit(rate, 1000);
    const planned = await planBenchReprocess(dbs[0]!, target, items);
    await target.clearRequestLog();
    const upstream = machineUpstream({
      baseUrl: target.baseUrl,
      credential: createServiceCredential({
        tokenUrl: target.tokenUrl,
        clientId: target.clientId,
        clientSecret: target.clientSecret,
      }),
    });
    await upstream.client();
    for (const [index, db] of dbs.entries()) {
      const runner = startJobRunner({
        db,
        upstream,
        concurrency: 4,
        pollIntervalMs: 100,
        instanceId: `bench-instance-${index + 1}`,
        log: () => undefined,
      });
      runners.push(runner);
      await runner.ready;
    }
    const started = performance.now();
    await startJob(dbs[0]!, BENCH_ACTOR, planned.jobId, planned.total);
    let job = await getJob(dbs[1]!, planned.jobId);
    while (job && job.status !== 'completed') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await getJob(dbs[1]!, planned.jobId);
    }
    const wallSeconds = (performance.now() - started) / 1000;
    const counts = await target.requestCounts();
    const rows = await dbs[0]!.query<{ item_id: string; status: string; claimed_by: string | null }>(
      `SELECT item_id, status, claimed_by FROM bulk_job_items WHERE job_id = $1`,
      [planned.jobId],
    );
    let doubled = 0;
    let lost = 0;
    for (const row of rows) {
      const applied = counts.get(operationPath('message.reprocess', row.item_id))?.ok ?? 0;
      if (applied > 1) doubled++;
      if (row.status !== 'ok' || applied !== 1) lost++;
    }
    const instances = new Set(rows.map((row) => row.claimed_by)).size;
    const rateLimited = [...counts.values()].reduce((sum, count) => sum + count.status429, 0);
    const floor = planned.total / rate;
    const ratio = Math.round((wallSeconds / floor) * 1000) / 1000;
    return [
      // Lost or doubled items, or one instance idle, fail the row whatever the time.
      budgetRow(
        {
          id: 'scale.two-instances.wall-over-floor',
          title: `two instances, ${planned.total} reprocesses sharing R=${rate}/s (wall / floor)`,
          comparison: 'at-most',
          limit: BUDGET_RATIO,
          unit: 'x',
        },
        doubled === 0 && lost === 0 && instances === 2 ? ratio : null,
        {
          anchor: `floor ${floor.toFixed(1)} s`,
          note: `${wallSeconds.toFixed(1)} s against a ${floor.toFixed(1)} s floor; ${doubled} doubled, ${lost} lost, ${instances} instances took part; ${rateLimited} answers 429; target ${target.kind}`,
        },
      ),
    ];
  } finally {
    await Promise.all(runners.map((runner) => runner.stop()));
    await Promise.all(dbs.map((db) => db.close()));
    await target.stop();
    await database.drop();
    await server?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run({ items: Number(process.env.BENCH_TWO_ITEMS ?? 1000), rate: Number(process.env.BENCH_TWO_RATE ?? 50) }).then(
    (rows) => console.log(JSON.stringify(rows, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
