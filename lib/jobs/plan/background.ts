/**
 * The statements of a dry run read in the background: a filter matching more records
 * than JOB_INLINE_PLAN_LIMIT is handed over by the operator's request after its first page
 * (dry-run.ts) and read by the runners (lib/jobs/runner/plan-reader.ts), page by page, each page's items and progress
 * written in one transaction. The job stays `planning` meanwhile; its bulk_job_plans row says
 * how far the read got, which runner holds it (the heartbeat is its lease: a runner that stops
 * answering loses it, and another resumes from the last page written), and why it stopped when
 * it failed (the operator retries or discards it). A cancel (lib/jobs/store/commands.ts) marks the row
 * `cancelled` under the job's lock, which the reader's next write sees.
 */
import { z } from 'zod';
import { recordIntent, recordOutcome } from '@/lib/audit/log';
import type { ConsoleDb, Queryable } from '@/lib/db';
import type { PlanHeader, PlanWriterState } from './writer';
import { JOB_COLUMNS, jobRowSchema } from '../store/rows';
import { JobCommandError } from '../types/errors';
import { jobActorSchema, type JobActor } from './input';
import type { PlanSampleItem } from '../types/job';
import { wakeJobRunners } from '../runner/wake';

export const PLAN_STATES = ['reading', 'failed', 'done', 'cancelled'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** How far a background dry run got: for the job page, and for the runner resuming it. */
export interface PlanProgress {
  state: PlanState;
  pages: number;
  found: number;
  /** The service's count of the filter at the first page. */
  reportedTotal: number | null;
  /** Why it stopped, when `failed`. */
  error: string | null;
  claimedBy: string | null;
  startedAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

const PLAN_COLUMNS = `state, pages, found, reported_total, error, claimed_by, started_at, updated_at, finished_at`;

const progressSchema = z
  .object({
    state: z.enum(PLAN_STATES),
    pages: z.number(),
    found: z.number(),
    reported_total: z.number().nullable(),
    error: z.string().nullable(),
    claimed_by: z.string().nullable(),
    started_at: z.date(),
    updated_at: z.date(),
    finished_at: z.date().nullable(),
  })
  .transform(
    (row): PlanProgress => ({
      state: row.state,
      pages: row.pages,
      found: row.found,
      reportedTotal: row.reported_total,
      error: row.error,
      claimedBy: row.claimed_by,
      startedAt: row.started_at,
      updatedAt: row.updated_at,
      finishedAt: row.finished_at,
    }),
  );

/** A job's background dry run, or null when it was planned inside the request. */
export async function readPlanProgress(db: Queryable, jobId: string): Promise<PlanProgress | null> {
  const [row] = await db.query(`SELECT ${PLAN_COLUMNS} FROM bulk_job_plans WHERE job_id = $1`, [jobId]);
  return row ? progressSchema.parse(row) : null;
}

/** Hands a dry run over to the runners: what the request read so far, and where to go on. */
export async function continueInBackground(
  db: Queryable,
  jobId: string,
  from: { filter: Record<string, unknown>; nextStart: number; pageSize: number },
  state: PlanWriterState,
): Promise<void> {
  await db.query(
    `INSERT INTO bulk_job_plans (job_id, filter, page_size, next_start, next_seq, pages, found, reported_total, sample)
     VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
    [
      jobId,
      JSON.stringify(from.filter),
      from.pageSize,
      from.nextStart,
      state.seq,
      state.pages,
      state.found,
      state.reportedTotal,
      JSON.stringify(state.sample),
    ],
  );
  wakeJobRunners();
}

/** A background dry run a runner holds: the job's header, where to read next, the writer's state. */
export interface ClaimedPlan {
  header: PlanHeader;
  createdBy: JobActor;
  filter: Record<string, unknown>;
  pageSize: number;
  nextStart: number;
  writer: PlanWriterState;
  startedAt: Date;
}

const claimedSchema = z.object({
  job_id: z.string(),
  filter: z.record(z.string(), z.unknown()),
  page_size: z.number().int().min(1),
  next_start: z.number().int().min(0),
  next_seq: z.number().int().min(0),
  pages: z.number(),
  found: z.number(),
  reported_total: z.number().nullable(),
  sample: z.array(z.record(z.string(), z.unknown())),
  started_at: z.date(),
});

/**
 * Takes the oldest background dry run nobody holds, or whose holder's heartbeat is older than
 * the lease (it died); null when there is none. Only one runner wins a row.
 */
export async function claimPlan(db: Queryable, instanceId: string, leaseSeconds: number): Promise<ClaimedPlan | null> {
  const free = `p.state = 'reading' AND (p.claimed_by IS NULL OR p.heartbeat_at < now() - make_interval(secs => $2))`;
  // A read first: an idle runner polls this, and must not write every tick.
  const [waiting] = await db.query(`SELECT 1 FROM bulk_job_plans p WHERE ${free.replaceAll('$2', '$1')} LIMIT 1`, [
    leaseSeconds,
  ]);
  if (!waiting) return null;
  const [row] = await db.query(
    `UPDATE bulk_job_plans p SET claimed_by = $1, heartbeat_at = now(), updated_at = now()
     FROM bulk_jobs j
     WHERE j.id = p.job_id AND j.status = 'planning' AND ${free}
       AND p.job_id = (SELECT p.job_id FROM bulk_job_plans p JOIN bulk_jobs j ON j.id = p.job_id
                       WHERE j.status = 'planning' AND ${free} ORDER BY p.started_at LIMIT 1 FOR UPDATE OF p SKIP LOCKED)
     RETURNING p.job_id, p.filter, p.page_size, p.next_start, p.next_seq, p.pages, p.found, p.reported_total, p.sample, p.started_at`,
    [instanceId, leaseSeconds],
  );
  if (!row) return null;
  const plan = claimedSchema.parse(row);
  const [jobRow] = await db.query(`SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE id = $1`, [plan.job_id]);
  const job = jobRowSchema.parse(jobRow);
  return {
    header: {
      jobId: job.id,
      action: job.action,
      params: job.params,
      selection: job.selection,
      revertsJobId: job.revertsJobId,
      origin: job.origin,
    },
    createdBy: job.createdBy,
    filter: plan.filter,
    pageSize: plan.page_size,
    nextStart: plan.next_start,
    writer: {
      seq: plan.next_seq,
      pages: plan.pages,
      found: plan.found,
      reportedTotal: plan.reported_total,
      sample: plan.sample as unknown as PlanSampleItem[],
    },
    startedAt: plan.started_at,
  };
}

/** Renews the claim before a read; false when the plan was cancelled or another runner took it. */
export async function keepClaim(db: Queryable, jobId: string, instanceId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE bulk_job_plans SET heartbeat_at = now() WHERE job_id = $1 AND claimed_by = $2 AND state = 'reading' RETURNING job_id`,
    [jobId, instanceId],
  );
  return rows.length > 0;
}

/**
 * Locks the job, then its plan, for one page's write (a cancel locks them in the same order);
 * false when the plan is no longer this runner's to write.
 */
export async function lockClaim(tx: Queryable, jobId: string, instanceId: string): Promise<boolean> {
  const [job] = await tx.query(`SELECT id FROM bulk_jobs WHERE id = $1 AND status = 'planning' FOR NO KEY UPDATE`, [
    jobId,
  ]);
  if (!job) return false;
  const [plan] = await tx.query(
    `SELECT job_id FROM bulk_job_plans WHERE job_id = $1 AND claimed_by = $2 AND state = 'reading' FOR UPDATE`,
    [jobId, instanceId],
  );
  return plan !== undefined;
}

export async function saveProgress(
  tx: Queryable,
  jobId: string,
  nextStart: number,
  state: PlanWriterState,
): Promise<void> {
  await tx.query(
    `UPDATE bulk_job_plans SET next_start = $2, next_seq = $3, pages = $4, found = $5, reported_total = $6, sample = $7::jsonb, heartbeat_at = now(), updated_at = now()
     WHERE job_id = $1`,
    [jobId, nextStart, state.seq, state.pages, state.found, state.reportedTotal, JSON.stringify(state.sample)],
  );
}

/** The plan's end, `done` or `failed`, and its audit row (`job.plan`, as the operator who started it). */
export async function endPlan(
  tx: Queryable,
  plan: ClaimedPlan,
  end: { state: 'done' | 'failed'; writer: PlanWriterState; error?: string; summary: string; durationMs: number },
): Promise<void> {
  await tx.query(
    `UPDATE bulk_job_plans SET state = $2, error = $3, pages = $4, found = $5, reported_total = $6, sample = $7::jsonb, claimed_by = NULL, updated_at = now(),
       finished_at = CASE WHEN $2 = 'done' THEN now() ELSE NULL END
     WHERE job_id = $1`,
    [
      plan.header.jobId,
      end.state,
      end.error ?? null,
      end.writer.pages,
      end.writer.found,
      end.writer.reportedTotal,
      JSON.stringify(end.writer.sample),
    ],
  );
  const auditId = await recordIntent(tx, {
    operatorId: plan.createdBy.id,
    operatorEmail: plan.createdBy.email,
    operatorRole: plan.createdBy.role,
    action: 'job.plan',
    targetType: 'bulk_job',
    targetIds: [plan.header.jobId],
    params: { background: true, action: plan.header.action, pages: end.writer.pages },
    jobId: plan.header.jobId,
  });
  await recordOutcome(tx, auditId, {
    outcome: end.state === 'done' ? 'ok' : 'failed',
    errorMessage: end.error ?? null,
    summary: end.summary,
    durationMs: Math.max(0, Math.round(end.durationMs)),
  });
}

/** Gives a plan back on a clean stop, so that a runner (this one after a restart, or another) takes it at once. */
export async function releasePlan(db: Queryable, jobId: string, instanceId: string): Promise<void> {
  await db.query(
    `UPDATE bulk_job_plans SET claimed_by = NULL, heartbeat_at = NULL WHERE job_id = $1 AND claimed_by = $2 AND state = 'reading'`,
    [jobId, instanceId],
  );
}

/** Under the job's lock (lib/jobs/store/commands.ts): the reader stops at its next write. False when the job has no background read. */
export async function cancelPlanRow(tx: Queryable, jobId: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE bulk_job_plans SET state = 'cancelled', claimed_by = NULL, finished_at = now(), updated_at = now() WHERE job_id = $1 AND state IN ('reading', 'failed') RETURNING job_id`,
    [jobId],
  );
  return rows.length > 0;
}

/** Reads a failed background dry run again from where it stopped (the operator's "Retry planning"). */
export async function retryPlanning(
  db: ConsoleDb,
  actor: JobActor,
  jobId: string,
): Promise<{ summary: string; jobId: string }> {
  if (!jobActorSchema.safeParse(actor).success)
    throw new JobCommandError('invalid', 'Invalid operator for a job command.');
  const result = await db.transaction(async (tx) => {
    const [job] = await tx.query<{ status: string }>(`SELECT status FROM bulk_jobs WHERE id = $1 FOR UPDATE`, [jobId]);
    if (!job) throw new JobCommandError('not_found', `No job ${jobId}.`);
    const [plan] = await tx.query<{ pages: number; found: number }>(
      `UPDATE bulk_job_plans SET state = 'reading', error = NULL, claimed_by = NULL, heartbeat_at = NULL, updated_at = now()
       WHERE job_id = $1 AND state = 'failed' RETURNING pages, found`,
      [jobId],
    );
    if (job.status !== 'planning' || !plan)
      throw new JobCommandError(
        'wrong_status',
        `Job ${jobId} is ${job.status}; only a dry run that failed in the background can be retried.`,
      );
    return { jobId, summary: `planning resumed after ${plan.pages} pages, ${plan.found} items` };
  });
  wakeJobRunners();
  return result;
}
