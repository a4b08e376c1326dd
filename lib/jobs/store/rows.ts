/**
 * The bulk_jobs and bulk_job_items rows: the columns every statement selects, the schemas that
 * parse a row into a Job or a JobItem, and a job's counts by item status.
 */
import { z } from 'zod';
import { OPERATOR_ROLES } from '@/lib/audit/log';
import { JOB_ACTIONS, type JobParams } from '../types/actions';
import type { DryRun, Job, JobCounts, JobItem } from '../types/job';
import { ITEM_STATUSES, JOB_STATUSES } from '../types/statuses';

export const JOB_COLUMNS = `id, action, params, selection, dry_run, status, created_by_id, created_by_email, created_by_role,
  created_at, planned_at, queued_at, started_at, finished_at, total, reverts_job_id, runs, origin`;

const nullableDate = z.date().nullable();

export const jobRowSchema = z
  .object({
    id: z.string(),
    action: z.enum(JOB_ACTIONS),
    params: z.record(z.string(), z.unknown()),
    selection: z.record(z.string(), z.unknown()),
    dry_run: z.record(z.string(), z.unknown()),
    status: z.enum(JOB_STATUSES),
    created_by_id: z.string(),
    created_by_email: z.string(),
    created_by_role: z.enum(OPERATOR_ROLES),
    created_at: z.date(),
    planned_at: nullableDate,
    queued_at: nullableDate,
    started_at: nullableDate,
    finished_at: nullableDate,
    total: z.number(),
    reverts_job_id: z.string().nullable(),
    runs: z.number(),
    origin: z.string().nullable(),
  })
  .transform(
    (row): Job => ({
      id: row.id,
      action: row.action,
      params: row.params as JobParams,
      selection: row.selection,
      dryRun: Object.keys(row.dry_run).length > 0 ? (row.dry_run as unknown as DryRun) : null,
      status: row.status,
      createdBy: { id: row.created_by_id, email: row.created_by_email, role: row.created_by_role },
      createdAt: row.created_at,
      plannedAt: row.planned_at,
      queuedAt: row.queued_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      total: row.total,
      revertsJobId: row.reverts_job_id,
      runs: row.runs,
      origin: row.origin,
    }),
  );

export const ITEM_COLUMNS = `seq, item_id, status, target_status, status_before, status_after, attempts, sends, claims, error,
  upstream_status, upstream_request_id, claimed_by, claimed_at, finished_at`;

export const itemRowSchema = z
  .object({
    seq: z.number(),
    item_id: z.string(),
    status: z.enum(ITEM_STATUSES),
    target_status: z.string().nullable(),
    status_before: z.string().nullable(),
    status_after: z.string().nullable(),
    attempts: z.number(),
    sends: z.number(),
    claims: z.number(),
    error: z.string().nullable(),
    upstream_status: z.number().nullable(),
    upstream_request_id: z.string().nullable(),
    claimed_by: z.string().nullable(),
    claimed_at: nullableDate,
    finished_at: nullableDate,
  })
  .transform(
    (row): JobItem => ({
      seq: row.seq,
      itemId: row.item_id,
      status: row.status,
      targetStatus: row.target_status,
      statusBefore: row.status_before,
      statusAfter: row.status_after,
      attempts: row.attempts,
      sends: row.sends,
      claims: row.claims,
      error: row.error,
      upstreamStatus: row.upstream_status,
      upstreamRequestId: row.upstream_request_id,
      claimedBy: row.claimed_by,
      claimedAt: row.claimed_at,
      finishedAt: row.finished_at,
    }),
  );

/** The select list of a job's counts by item status, over bulk_job_items. */
export const COUNTS_COLUMNS = `count(*)::int AS item_total,
  count(*) FILTER (WHERE status = 'pending')::int AS pending,
  count(*) FILTER (WHERE status = 'in_flight')::int AS in_flight,
  count(*) FILTER (WHERE status = 'ok')::int AS ok,
  count(*) FILTER (WHERE status = 'failed')::int AS failed,
  count(*) FILTER (WHERE status = 'skipped')::int AS skipped,
  count(*) FILTER (WHERE status = 'unknown')::int AS unknown`;

/** SQL for a job's counts by item status (bind the job id as $1). */
export const COUNTS_SQL = `SELECT ${COUNTS_COLUMNS} FROM bulk_job_items WHERE job_id = $1`;

/**
 * An item whose message a set-status job changed, which a revert of the job sends back: SQL over
 * bulk_job_items' own columns (unqualified, for a query or subquery on that table).
 */
export const REVERTIBLE_ITEM_SQL = `status = 'ok' AND status_before IS NOT NULL AND status_before IS DISTINCT FROM status_after`;

const countsRowSchema = z.object({
  item_total: z.number().int(),
  pending: z.number().int(),
  in_flight: z.number().int(),
  ok: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  unknown: z.number().int().optional(),
  /** Stored with a completed job's counts only (finishIfDone); absent from jobs completed before. */
  revertible: z.number().int().optional(),
});

export type CountsRow = z.infer<typeof countsRowSchema>;

/**
 * A completed job's counts, stored once by finishIfDone (bulk_jobs.final_counts): its items no
 * longer change (a retry makes the job queued first), so a list need not count them on every
 * view: counting a large job's items on every dashboard was a visible share of its server time.
 * Any other job, or a completed one from before the column, is counted.
 */
export const STORED_COUNTS_APPLY = (job: string) => `(${job}.status = 'completed' AND ${job}.final_counts IS NOT NULL)`;

function storedCountsRow(row: Readonly<Record<string, unknown>>): CountsRow | null {
  return row.status === 'completed' && row.final_counts != null ? countsRowSchema.parse(row.final_counts) : null;
}

/** A job row's stored counts where they apply (STORED_COUNTS_APPLY); null: count its items. */
export function storedCounts(row: Readonly<Record<string, unknown>>): JobCounts | null {
  const stored = storedCountsRow(row);
  return stored ? countsFrom(stored) : null;
}

/** A completed job's stored number of revertible items (REVERTIBLE_ITEM_SQL); null: count them. */
export function storedRevertibleItems(row: Readonly<Record<string, unknown>>): number | null {
  return storedCountsRow(row)?.revertible ?? null;
}

export function countsFrom(row: CountsRow | undefined): JobCounts {
  const r = row ?? { item_total: 0, pending: 0, in_flight: 0, ok: 0, failed: 0, skipped: 0, unknown: 0 };
  const unknown = r.unknown ?? 0;
  return {
    total: r.item_total,
    pending: r.pending,
    inFlight: r.in_flight,
    ok: r.ok,
    failed: r.failed,
    skipped: r.skipped,
    unknown,
    done: r.ok + r.failed + r.skipped + unknown,
  };
}
