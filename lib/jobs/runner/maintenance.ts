/**
 * A runner's job-level statements, run from its maintenance tick: the heartbeat, starting queued
 * jobs (each run writes its audit intent), the list of active jobs, ending a job whose items all
 * ended (its run's audit outcome), clean-up of dry runs nobody will start, and the runner's own
 * row. Item-level statements are in item-store.ts.
 */
import { recordRunIntent, recordRunOutcome } from '@/lib/audit/job-runs';
import type { ConsoleDb, Queryable } from '@/lib/db';
import { PLAN_VALID_MINUTES } from '../store/commands';
import type { JobAction } from '../types/actions';
import { COUNTS_SQL, countsFrom, JOB_COLUMNS, jobRowSchema, REVERTIBLE_ITEM_SQL, type CountsRow } from '../store/rows';
import type { Job, JobCounts } from '../types/job';

export interface ActiveJob {
  id: string;
  action: JobAction;
  status: 'running' | 'cancelling';
}

export async function heartbeat(db: Queryable, instanceId: string): Promise<void> {
  await db.query(
    `INSERT INTO bulk_job_runners (instance_id) VALUES ($1)
     ON CONFLICT (instance_id) DO UPDATE SET heartbeat_at = now(), stopped_at = NULL`,
    [instanceId],
  );
}

export async function markRunnerStopped(db: Queryable, instanceId: string): Promise<void> {
  await db.query(`UPDATE bulk_job_runners SET stopped_at = now(), heartbeat_at = now() WHERE instance_id = $1`, [
    instanceId,
  ]);
}

export async function recordRunnerError(db: Queryable, instanceId: string, message: string): Promise<void> {
  await db.query(`UPDATE bulk_job_runners SET last_error = $2, last_error_at = now() WHERE instance_id = $1`, [
    instanceId,
    message.slice(0, 2000),
  ]);
}

/**
 * Dry runs nobody will start, with their items: a planned job past its validity (startJob
 * refuses it), and one whose process died while reading (never confirmable), after an hour;
 * a background dry run (lib/jobs/plan/background.ts) an hour after it last moved (a failed one nobody retried).
 */
export async function deleteAbandonedPlans(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM bulk_jobs
     WHERE (status = 'planned' AND planned_at < now() - make_interval(mins => $1))
        OR (status = 'planning' AND created_at < now() - interval '1 hour'
            AND NOT EXISTS (SELECT 1 FROM bulk_job_plans p WHERE p.job_id = bulk_jobs.id AND p.updated_at > now() - interval '1 hour'))`,
    [PLAN_VALID_MINUTES],
  );
}

/** Takes each queued job this runner wins (another runner may take some): running, with its run's audit intent. */
export async function startQueuedJobs(db: ConsoleDb, guard: () => void): Promise<Job[]> {
  const queued = await db.query<{ id: string }>(
    `SELECT id FROM bulk_jobs WHERE status = 'queued' ORDER BY created_at, id`,
  );
  const started: Job[] = [];
  for (const { id } of queued) {
    guard();
    const job = await db.transaction(async (tx) => {
      const [row] = await tx.query(
        `UPDATE bulk_jobs SET status = 'running', started_at = now(), finished_at = NULL, runs = runs + 1
         WHERE id = $1 AND status = 'queued' RETURNING ${JOB_COLUMNS}`,
        [id],
      );
      if (!row) return null; // another runner took it
      const running = jobRowSchema.parse(row);
      const auditId = await recordRunIntent(tx, running);
      await tx.query(`UPDATE bulk_jobs SET run_audit_id = $2 WHERE id = $1`, [id, auditId]);
      return running;
    });
    if (job) started.push(job);
  }
  return started;
}

export function activeJobs(db: Queryable): Promise<ActiveJob[]> {
  return db.query<ActiveJob>(
    `SELECT id, action, status FROM bulk_jobs WHERE status IN ('running', 'cancelling') ORDER BY created_at, id`,
  );
}

/** Ends a running or cancelling job whose items all ended; only one runner wins (null for the others). */
export async function finishIfDone(
  db: ConsoleDb,
  jobId: string,
): Promise<{ status: 'completed' | 'cancelled'; counts: JobCounts } | null> {
  return db.transaction(async (tx) => {
    // The job row first, locked: a "retry failed" that commits meanwhile is then seen by the
    // item check below, which on PostgreSQL takes a snapshot of its own (one statement with
    // both would keep the snapshot from before the retry and end a job with pending items).
    const [locked] = await tx.query(
      `SELECT 1 FROM bulk_jobs WHERE id = $1 AND status IN ('running', 'cancelling') FOR UPDATE`,
      [jobId],
    );
    if (!locked) return null;
    const [open] = await tx.query(
      `SELECT 1 FROM bulk_job_items WHERE job_id = $1 AND status IN ('pending', 'in_flight') LIMIT 1`,
      [jobId],
    );
    if (open) return null;
    const [row] = await tx.query<{
      status: 'completed' | 'cancelled';
      run_audit_id: string | null;
      run_ms: number | null;
    }>(
      `UPDATE bulk_jobs SET status = CASE WHEN status = 'cancelling' THEN 'cancelled' ELSE 'completed' END, finished_at = now()
       WHERE id = $1
       RETURNING status, run_audit_id, (extract(epoch FROM now() - started_at) * 1000)::float8 AS run_ms`,
      [jobId],
    );
    if (!row) return null;
    const [countRow] = await tx.query<CountsRow>(COUNTS_SQL, [jobId]);
    const counts = countsFrom(countRow);
    // Its items no longer change while it stays completed: lists read these (STORED_COUNTS_APPLY),
    // and the job page what a revert would send back, which it would otherwise count on every view.
    if (row.status === 'completed') {
      await tx.query(
        `UPDATE bulk_jobs SET final_counts = $2::jsonb || jsonb_build_object('revertible',
           CASE WHEN action = 'message.set_status' THEN (SELECT count(*)::int FROM bulk_job_items WHERE job_id = $1 AND ${REVERTIBLE_ITEM_SQL}) ELSE 0 END)
         WHERE id = $1`,
        [jobId, JSON.stringify(countRow)],
      );
    }
    if (row.run_audit_id)
      await recordRunOutcome(tx, row.run_audit_id, { status: row.status, counts, durationMs: row.run_ms ?? 0 });
    return { status: row.status, counts };
  });
}
