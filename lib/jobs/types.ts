/** The bulk job model: statuses, who acts, what is selected, and the rows as callers see them. */
import { z } from 'zod';
import { OPERATOR_ROLES } from '@/lib/audit/log';
import type { Operator } from '@/lib/auth/operator';
import { ActionRejectedError } from '@/lib/rejected';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { JOB_ACTIONS, type JobAction, type JobParams } from './operations';

/**
 * - planning: the dry run is reading the selection (transient; removed if the read fails);
 * - planned: dry run done, items stored, waiting for the operator to confirm with the count;
 * - queued: confirmed (or retried), waiting for a runner;
 * - running: a runner took it (each run writes one audit intent, completed when the run ends);
 * - cancelling: cancelled with requests in flight; pending items are already skipped;
 * - cancelled / completed: every item ended.
 */
export const JOB_STATUSES = ['planning', 'planned', 'queued', 'running', 'cancelling', 'cancelled', 'completed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const ACTIVE_JOB_STATUSES = ['queued', 'running', 'cancelling'] as const satisfies readonly JobStatus[];

/** `unknown`: sent, but its outcome could not be recorded; check the message before retrying. */
export const ITEM_STATUSES = ['pending', 'in_flight', 'ok', 'failed', 'skipped', 'unknown'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** The operator a job acts for: recorded on the job and on every audit row it writes. */
export const jobActorSchema = z.object({
  id: z.string().min(1).max(200),
  email: z.string().min(1).max(320),
  role: z.enum(OPERATOR_ROLES),
});
export type JobActor = z.infer<typeof jobActorSchema>;

export function actorFromOperator(operator: Operator): JobActor {
  return { id: operator.id, email: operator.email, role: operator.hasAdminScope ? operator.role : 'none' };
}

/** Largest explicit id selection (larger sets are selected by filter). */
export const MAX_SELECTED_IDS = 100_000;

const filterValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))]);

/**
 * What a job acts on: rows the operator selected, or every record matching a list filter (the
 * same `filter` object the list sends to /admin/ra/<entity>: for messages `status` (one or a
 * list), `workspace_guid`, `channel_guids`, `creator_guid`, `updated_before`, `q`, ...; for users
 * `verified`, `account_type`, `q`). No cap. `what` names the ids in error messages.
 */
export function selectionSchema(what: string) {
  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('ids'), ids: z.array(serviceIdSchema(what)).min(1).max(MAX_SELECTED_IDS) }),
    z.object({ kind: z.literal('filter'), filter: z.record(z.string().min(1).max(100), filterValueSchema) }),
  ]);
}

export const jobSelectionSchema = selectionSchema('message id');
export type JobSelection = z.infer<typeof jobSelectionSchema>;

/** A message as the dry run shows it (no `kind`: dry runs stored before users were items have none). */
export interface MessageSampleItem {
  kind?: 'message';
  id: string;
  messageGuid: string;
  name: string | null;
  status: string;
  lastUpdatedAt: number | null;
}

/** A user as the dry run shows it; `status` is `verified` or `unverified`. */
export interface UserSampleItem {
  kind: 'user';
  id: string;
  name: string | null;
  email: string;
  status: string;
}

export type PlanSampleItem = MessageSampleItem | UserSampleItem;

/** What the dry run found, kept on the job so a later reader (an approver) sees the same. */
export interface DryRun {
  sample: PlanSampleItem[];
  /** Items by their status at the dry run. */
  statusCounts: Record<string, number>;
  /** set_status, set_verified: items already at their target state, which the job will skip without a call. */
  alreadyAtTarget: number;
  /** Explicit ids the service does not know (left out of the job); at most 100 listed. */
  notFound: string[];
  notFoundCount: number;
  /** The service's count of the filter at the first page; differs from `total` if the set moved while read. */
  reportedTotal: number | null;
  pages: number;
  durationMs: number;
  /** For a revert: items whose current status is no longer what the original job set. */
  changedSince?: number;
}

export interface JobCounts {
  total: number;
  pending: number;
  inFlight: number;
  ok: number;
  failed: number;
  skipped: number;
  /** Sent, outcome not recorded: check before retrying. */
  unknown: number;
  /** ok + failed + skipped + unknown. */
  done: number;
}

export interface Job {
  id: string;
  action: JobAction;
  params: JobParams;
  /** The selection it came from, for the record (explicit ids listed when at most 1,000). */
  selection: Record<string, unknown>;
  dryRun: DryRun | null;
  status: JobStatus;
  createdBy: JobActor;
  createdAt: Date;
  plannedAt: Date | null;
  queuedAt: Date | null;
  /** Of the latest run (a retry starts a new run); every run is in the audit log. */
  startedAt: Date | null;
  finishedAt: Date | null;
  total: number;
  revertsJobId: string | null;
  /** How many times a runner started it (1, plus one per retry of failed items). */
  runs: number;
  /** The same-site path of the view the dry run was started from (origin.ts); null when unknown. */
  origin: string | null;
}

export interface JobItem {
  seq: number;
  itemId: string;
  status: ItemStatus;
  /** set_status: where this item is sent (a revert sends each back to its own); set_verified: `verified`. */
  targetStatus: string | null;
  /** The record's state at the dry run (a message's status; a user's verified / unverified). */
  statusBefore: string | null;
  /** The status the service answered after the action. */
  statusAfter: string | null;
  /** Failed tries that count towards JOBS_MAX_ATTEMPTS (5xx, timeouts, network). */
  attempts: number;
  /** Requests started for this item (every try, 429s included): a resumed item may show 2. */
  sends: number;
  /** Times a runner claimed it: more than 1 after a runner died with it in flight. */
  claims: number;
  /** The latest failure's reason; kept while a retry is pending, cleared by success. */
  error: string | null;
  upstreamStatus: number | null;
  upstreamRequestId: string | null;
  claimedBy: string | null;
  claimedAt: Date | null;
  finishedAt: Date | null;
}

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
 * view. Counted instead, a 100,000-item job cost each dashboard 33 ms of PGlite (issue 17).
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
  return { total: r.item_total, pending: r.pending, inFlight: r.in_flight, ok: r.ok, failed: r.failed, skipped: r.skipped, unknown, done: r.ok + r.failed + r.skipped + unknown };
}

/** A refused command: wrong state, unknown job, count mismatch, bad input. Safe to show. */
export type JobCommandErrorCode = 'not_found' | 'invalid' | 'wrong_status' | 'count_mismatch' | 'empty' | 'stale' | 'nothing_to_retry' | 'not_revertible';

export class JobCommandError extends ActionRejectedError {
  declare readonly code: JobCommandErrorCode;

  constructor(code: JobCommandErrorCode, message: string) {
    super(message, code);
    this.name = 'JobCommandError';
  }
}
