/** PGlite's upkeep: what autovacuum would analyze and vacuum, on the console's own schema. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyMigrations } from '@/lib/db/migrate';
import { pgliteScriptRunner } from '@/lib/db/pglite-driver';
import { scheduleUpkeep, upkeepPass } from '@/lib/db/pglite-upkeep';
import type { ScriptRunner } from '@/lib/db/types';

const JOB_ID = '00000000-0000-4000-8000-00000000beef';
/** The job page's count of the items a running job ended in the last 30 seconds (lib/jobs/store/queries.ts). */
const RECENT_ITEMS_SQL = `SELECT count(*)::int AS recent FROM bulk_job_items i JOIN bulk_jobs j ON j.id = i.job_id
  WHERE i.job_id = $1 AND i.finished_at IS NOT NULL AND i.status IN ('ok', 'failed')
    AND i.finished_at > greatest(j.started_at, now() - make_interval(secs => 30))`;

let pglite: PGlite;
let runner: ScriptRunner;

async function plan(sql: string, params: unknown[]): Promise<string> {
  const rows = await runner.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function deadRows(table: string): Promise<number> {
  await runner.query('SELECT pg_stat_force_next_flush()');
  const [row] = await runner.query<{ dead: number }>(
    `SELECT n_dead_tup::int AS dead FROM pg_stat_user_tables WHERE relname = $1`,
    [table],
  );
  return row?.dead ?? -1;
}

beforeAll(async () => {
  pglite = await PGlite.create();
  runner = pgliteScriptRunner(pglite);
  await applyMigrations({
    kind: 'pglite',
    query: runner.query,
    transaction: (fn) => pglite.transaction((tx) => fn(pgliteScriptRunner(tx))),
    close: () => pglite.close(),
  });
});

afterAll(async () => {
  await pglite?.close();
});

describe('PGlite upkeep', () => {
  it('leaves empty tables alone, analyzes tables that got data, vacuums those with many new or dead rows, then rests', async () => {
    // Just migrated: only the migrations' own table holds rows.
    expect(await upkeepPass(runner)).toEqual({ vacuumed: [], analyzed: ['schema_migrations'] });
    expect(await upkeepPass(runner)).toEqual({ vacuumed: [], analyzed: [] });

    await runner.query(
      `INSERT INTO bulk_jobs (id, action, selection, status, created_by_id, created_by_email, created_by_role, created_at, planned_at, queued_at, started_at, finished_at, total, runs)
       VALUES ($1, 'message.set_status', '{"kind":"filter","filter":{}}'::jsonb, 'completed', 'usr_1', 'ops@example.com', 'ops', now() - interval '3 hours', now() - interval '3 hours', now() - interval '3 hours', now() - interval '3 hours', now() - interval '2 hours', 20000, 1)`,
      [JOB_ID],
    );
    await runner.query(
      `INSERT INTO bulk_job_items (job_id, seq, item_id, status, attempts, sends, claims, finished_at, status_before, status_after)
       SELECT $1, seq, 'msg_' || seq, 'ok', 1, 1, 1, now() - interval '2 hours' + make_interval(secs => seq / 10.0), 'processing', 'sent' FROM generate_series(1, 20000) AS seq`,
      [JOB_ID],
    );
    // 20,000 rows inserted: vacuumed (and analyzed) as autovacuum's insert rule would; the job's one row analyzed.
    expect(await upkeepPass(runner)).toEqual({ vacuumed: ['bulk_job_items'], analyzed: ['bulk_jobs'] });
    // With statistics the planner reads the last 30 seconds from the finished-items index, not every item of the job.
    expect(await plan(RECENT_ITEMS_SQL, [JOB_ID])).toContain('bulk_job_items_finished_idx');
    expect(await upkeepPass(runner)).toEqual({ vacuumed: [], analyzed: [] });

    await runner.query(`UPDATE bulk_job_items SET status_after = 'active' WHERE job_id = $1 AND seq % 4 = 0`, [JOB_ID]);
    expect(await deadRows('bulk_job_items')).toBe(5000);
    expect(await upkeepPass(runner)).toEqual({ vacuumed: ['bulk_job_items'], analyzed: [] });
    expect(await deadRows('bulk_job_items')).toBe(0);
    expect(await upkeepPass(runner)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('after a reopen, which zeroes the counters, the first pass vacuums and analyzes every table holding data', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'upkeep-reopen-'));
    const open = async () => {
      const db = await PGlite.create({ dataDir });
      return { db, runner: pgliteScriptRunner(db) };
    };
    const inserted = async (target: ScriptRunner) => {
      await target.query('SELECT pg_stat_force_next_flush()');
      const [row] = await target.query<{ n: number }>(
        `SELECT n_ins_since_vacuum::int AS n FROM pg_stat_user_tables WHERE relname = 'items'`,
      );
      return row?.n;
    };
    try {
      const first = await open();
      await first.runner.exec('CREATE TABLE items (n int); CREATE TABLE untouched (n int)');
      await first.runner.query('INSERT INTO items SELECT generate_series(1, 100)');
      expect(await upkeepPass(first.runner)).toEqual({ vacuumed: [], analyzed: ['items'] });
      // Enough new rows for the insert rule, but the database closes before the next pass.
      await first.runner.query('INSERT INTO items SELECT generate_series(1, 20000)');
      expect(await inserted(first.runner)).toBe(20_100);
      await first.db.close();

      const second = await open();
      try {
        // PGlite forgot the counters: the rules alone would never vacuum those rows.
        expect(await inserted(second.runner)).toBe(0);
        expect(await upkeepPass(second.runner)).toEqual({ vacuumed: [], analyzed: [] });
        expect(await upkeepPass(second.runner, { afterOpen: true })).toEqual({ vacuumed: ['items'], analyzed: [] });
        const [stats] = await second.runner.query<{ tuples: number }>(
          `SELECT reltuples::int AS tuples FROM pg_class WHERE relname = 'items'`,
        );
        expect(stats?.tuples).toBe(20_100);
      } finally {
        await second.db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs on its schedule until stopped', async () => {
    await runner.query(
      `INSERT INTO dashboard_stuck_readings (read_at, threshold, counts) SELECT now() - make_interval(mins => g), 15, '{}'::jsonb FROM generate_series(1, 500) AS g`,
    );
    const analyzedAt = async () =>
      (
        await runner.query<{ at: Date | null }>(
          `SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = 'dashboard_stuck_readings'`,
        )
      )[0]?.at ?? null;
    const upkeep = scheduleUpkeep(runner, 50);
    const deadline = Date.now() + 10_000;
    while ((await analyzedAt()) === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await upkeep.stop();
    expect(await analyzedAt()).not.toBeNull();
  });

  it('goes on when its log line throws, and stops cleanly', async () => {
    // A console that throws, as Next's patched one did in a test process (tests/auth/proxy-session.test.ts).
    // The logger's readable lines go to stdout under Vitest: writing them throws here.
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => {
      throw new Error('console unavailable');
    });
    const warnings = () => write.mock.calls.filter(([line]) => String(line).includes('upkeep pass failed'));
    try {
      // Every pass fails, and its log line throws.
      const upkeep = scheduleUpkeep(
        {
          query: () => Promise.reject(new Error('database closed')),
          exec: () => Promise.reject(new Error('database closed')),
        },
        20,
      );
      const deadline = Date.now() + 5_000;
      while (warnings().length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(warnings().length).toBeGreaterThanOrEqual(3);
      expect(String(warnings()[0]?.[0])).toContain('[db] upkeep pass failed, trying again in 0 s: database closed');
      await expect(upkeep.stop()).resolves.toBeUndefined();
    } finally {
      write.mockRestore();
    }
  });
});
