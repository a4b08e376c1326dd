/**
 * The operator's commands on a job after its dry run: start (confirming the count), cancel,
 * retry failed items. None calls the service (the runner does) and none writes the audit log:
 * each runs as a guarded action (lib/actions/jobs.ts), and the guard records it with the summary
 * the command returns. Refusals throw JobCommandError, whose message is safe to show.
 *
 * Retry failed is done in place: the job's failed items go back to pending (attempts reset, the
 * last error kept until their next outcome) and the job back to queued, so one job page keeps
 * the whole story and `sends` keeps counting across runs. Each run has its own audit rows.
 */
import type { ConsoleDb, Queryable } from '@/lib/db';
import { recordRunOutcome } from '@/lib/audit/job-runs';
import { cancelPlanRow } from '../plan/background';
import { COUNTS_SQL, countsFrom, JOB_COLUMNS, jobRowSchema, type CountsRow } from './rows';
import { JobCommandError } from '../types/errors';
import { jobActorSchema, type JobActor } from '../plan/input';
import type { Job, JobCounts } from '../types/job';
import { wakeJobRunners } from '../runner/wake';

async function lockJob(tx: Queryable, jobId: string): Promise<Job> {
  const [row] = await tx.query(`SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE id = $1 FOR UPDATE`, [jobId]);
  if (!row) throw new JobCommandError('not_found', `No job ${jobId}.`);
  return jobRowSchema.parse(row);
}

async function countsOf(db: Queryable, jobId: string): Promise<JobCounts> {
  const [row] = await db.query<CountsRow>(COUNTS_SQL, [jobId]);
  return countsFrom(row);
}

function checkActor(actor: JobActor): JobActor {
  const parsed = jobActorSchema.safeParse(actor);
  if (!parsed.success) throw new JobCommandError('invalid', 'Invalid operator for a job command.');
  return parsed.data;
}

/**
 * How long a dry run stays good to start. Its statuses decide which items are skipped (already
 * at the target) and what a revert restores; an old one would act on a picture of the past.
 */
export const PLAN_VALID_MINUTES = 30;

/**
 * Queues a planned job for the runners. The operator confirms with the count the dry run showed;
 * any other count is refused, so a plan cannot be started by someone who did not see its size.
 * A dry run older than PLAN_VALID_MINUTES is refused: run it again.
 */
export async function startJob(
  db: ConsoleDb,
  actor: JobActor,
  jobId: string,
  confirmCount: number,
): Promise<StartResult> {
  checkActor(actor);
  const job = await db.transaction(async (tx) => {
    const current = await lockJob(tx, jobId);
    if (current.status !== 'planned')
      throw new JobCommandError('wrong_status', `Job ${jobId} is ${current.status}, not planned.`);
    if (current.total === 0) throw new JobCommandError('empty', `Job ${jobId} has no items.`);
    if (!current.plannedAt || Date.now() - current.plannedAt.getTime() > PLAN_VALID_MINUTES * 60_000) {
      throw new JobCommandError(
        'stale',
        `The dry run of job ${jobId} is more than ${PLAN_VALID_MINUTES} minutes old; run it again so the job acts on the messages as they are now.`,
      );
    }
    if (!Number.isSafeInteger(confirmCount) || confirmCount !== current.total) {
      throw new JobCommandError(
        'count_mismatch',
        `The confirmed count ${confirmCount} is not the job's ${current.total} items.`,
      );
    }
    const [row] = await tx.query(
      `UPDATE bulk_jobs SET status = 'queued', queued_at = now() WHERE id = $1 RETURNING ${JOB_COLUMNS}`,
      [jobId],
    );
    return jobRowSchema.parse(row);
  });
  wakeJobRunners();
  return { job, summary: `queued ${job.total} items` };
}

/** What the audit row of a command records besides its outcome. */
export interface CommandSummary {
  summary: string;
}

export interface StartResult extends CommandSummary {
  job: Job;
}

export interface CancelResult extends CommandSummary {
  job: Job;
  /** Pending items marked skipped ("cancelled"). */
  skipped: number;
  /** Requests still in flight, left to finish (the job is `cancelling` until they do). */
  inFlight: number;
}

/**
 * Cancels a job: its pending items become skipped ("cancelled"); requests in flight finish, and
 * the job becomes cancelled when they have (at once when none are). A planned job is discarded
 * the same way: cancelled without having run; so is a dry run still reading in the background.
 */
export async function cancelJob(db: ConsoleDb, actor: JobActor, jobId: string): Promise<CancelResult> {
  const who = checkActor(actor);
  return db.transaction(async (tx) => {
    const current = await lockJob(tx, jobId);
    if (!['planning', 'planned', 'queued', 'running'].includes(current.status)) {
      throw new JobCommandError(
        'wrong_status',
        `Job ${jobId} is ${current.status}; only a planning, planned, queued or running job can be cancelled.`,
      );
    }
    // A dry run read in the background stops at its next write (it waits for this lock).
    if (current.status === 'planning' && !(await cancelPlanRow(tx, jobId))) {
      throw new JobCommandError(
        'wrong_status',
        `Job ${jobId} is still being planned by the request that started it; close its dialog to stop it.`,
      );
    }
    const skipped = await tx.query(
      `UPDATE bulk_job_items SET status = 'skipped', error = $2, finished_at = now()
       WHERE job_id = $1 AND status = 'pending' RETURNING seq`,
      [jobId, `cancelled by ${who.email}`],
    );
    const counts = await countsOf(tx, jobId);
    const status = counts.inFlight > 0 ? 'cancelling' : 'cancelled';
    const [row] = await tx.query<Record<string, unknown> & { run_audit_id: string | null; run_ms: number | null }>(
      `UPDATE bulk_jobs SET status = $2, finished_at = CASE WHEN $2 = 'cancelled' THEN now() ELSE NULL END
       WHERE id = $1
       RETURNING ${JOB_COLUMNS}, run_audit_id, (extract(epoch FROM now() - started_at) * 1000)::float8 AS run_ms`,
      [jobId, status],
    );
    if (!row) throw new JobCommandError('not_found', `No job ${jobId}.`);
    // A run that ends here (nothing in flight) gets its outcome now; otherwise the runner writes it.
    if (status === 'cancelled' && current.status === 'running' && row.run_audit_id) {
      await recordRunOutcome(tx, row.run_audit_id, { status: 'cancelled', counts, durationMs: row.run_ms ?? 0 });
    }
    const job = jobRowSchema.parse(row);
    return {
      job,
      skipped: skipped.length,
      inFlight: counts.inFlight,
      summary: `${job.status}: ${skipped.length} pending items skipped, ${counts.inFlight} in flight`,
    };
  });
}

export interface RetryResult extends CommandSummary {
  job: Job;
  /** Failed items put back to pending. */
  retried: number;
}

/** Puts a job's failed items back to pending and the job back to queued (or keeps it running). */
export async function retryFailedItems(db: ConsoleDb, actor: JobActor, jobId: string): Promise<RetryResult> {
  checkActor(actor);
  const result = await db.transaction(async (tx) => {
    const current = await lockJob(tx, jobId);
    if (!['running', 'completed', 'cancelled'].includes(current.status)) {
      throw new JobCommandError(
        'wrong_status',
        `Job ${jobId} is ${current.status}; retry its failed items once it runs or has ended.`,
      );
    }
    const retried = await tx.query(
      `UPDATE bulk_job_items SET status = 'pending', attempts = 0, claim_token = NULL, finished_at = NULL
       WHERE job_id = $1 AND status = 'failed' RETURNING seq`,
      [jobId],
    );
    if (retried.length === 0) throw new JobCommandError('nothing_to_retry', `Job ${jobId} has no failed items.`);
    const [row] = await tx.query(
      `UPDATE bulk_jobs SET status = CASE WHEN status = 'running' THEN 'running' ELSE 'queued' END,
         queued_at = CASE WHEN status = 'running' THEN queued_at ELSE now() END,
         finished_at = NULL
       WHERE id = $1 RETURNING ${JOB_COLUMNS}`,
      [jobId],
    );
    return {
      job: jobRowSchema.parse(row),
      retried: retried.length,
      summary: `${retried.length} failed items queued again`,
    };
  });
  wakeJobRunners();
  return result;
}
