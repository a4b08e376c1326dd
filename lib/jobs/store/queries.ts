/**
 * Reads for the jobs pages: the jobs list (every operator sees every job), one job with its
 * counts, rate and ETA, its items, and the runners. Counts are derived from the items with
 * count(*) FILTER on the (job_id, status, seq) index, not kept as state.
 */
import { z } from 'zod';
import type { Queryable } from '@/lib/db';
import { jobActionsFor, type ItemKindName } from '../types/actions';
import {
  COUNTS_COLUMNS,
  COUNTS_SQL,
  countsFrom,
  REVERTIBLE_ITEM_SQL,
  storedCounts,
  storedRevertibleItems,
  STORED_COUNTS_APPLY,
  ITEM_COLUMNS,
  itemRowSchema,
  JOB_COLUMNS,
  jobRowSchema,
  type CountsRow,
} from './rows';
import { ITEM_STATUSES, JOB_STATUSES, type ItemStatus, type JobStatus } from '../types/statuses';
import type { Job, JobCounts, JobItem } from '../types/job';

const MAX_PAGE_SIZE = 500;

/** `a, b` as `j.a, j.b`. */
const prefixed = (columns: string, table: string) =>
  columns
    .split(',')
    .map((c) => `${table}.${c.trim()}`)
    .join(', ');
const pageSchema = z.object({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});

export interface JobSummary extends Job {
  counts: JobCounts;
}

export interface ListJobsOptions {
  offset?: number;
  limit?: number;
  /**
   * Only these statuses. By default every status, but a dry run that is `planning` or `planned`
   * only when it was read in the background (the operator was sent to its page and may come back
   * to it); one planned inside the request lives in the operator's dialog.
   */
  statuses?: readonly JobStatus[];
  /** By creation time: newest first (`desc`, the default) or oldest first. */
  order?: 'asc' | 'desc';
}

const BY_STATUS = `status = ANY($1::text[])`;
const LISTED_BY_DEFAULT = `${BY_STATUS}
  AND (status NOT IN ('planning', 'planned') OR EXISTS (SELECT 1 FROM bulk_job_plans p WHERE p.job_id = bulk_jobs.id))`;

/** The SQL condition and parameters of the jobs a list shows. */
function listed(options: ListJobsOptions): { where: string; statuses: JobStatus[] } {
  return {
    where: options.statuses ? BY_STATUS : LISTED_BY_DEFAULT,
    statuses: z.array(z.enum(JOB_STATUSES)).parse(options.statuses ?? JOB_STATUSES),
  };
}

/** One page of jobs, newest first (or oldest first), with their counts; no total (the dashboard's cards). */
export async function latestJobs(db: Queryable, options: ListJobsOptions = {}): Promise<JobSummary[]> {
  const { offset, limit } = pageSchema.parse({ offset: options.offset, limit: options.limit });
  const { where, statuses } = listed(options);
  // A literal from a closed set, never caller text, goes into the SQL.
  const order = options.order === 'asc' ? 'ASC' : 'DESC';
  const rows = await db.query<Record<string, unknown> & CountsRow>(
    `SELECT ${prefixed(JOB_COLUMNS, 'j')}, j.final_counts, c.*
     FROM (SELECT * FROM bulk_jobs WHERE ${where} ORDER BY created_at ${order}, id ${order} LIMIT $2 OFFSET $3) j
     CROSS JOIN LATERAL (SELECT ${COUNTS_COLUMNS} FROM bulk_job_items WHERE job_id = j.id AND NOT ${STORED_COUNTS_APPLY('j')}) c
     ORDER BY j.created_at ${order}, j.id ${order}`,
    [statuses, limit, offset],
  );
  return rows.map((row) => ({ ...jobRowSchema.parse(row), counts: storedCounts(row) ?? countsFrom(row) }));
}

/** Jobs, newest first (or oldest first), with their counts; `total` is how many match. */
export async function listJobs(
  db: Queryable,
  options: ListJobsOptions = {},
): Promise<{ rows: JobSummary[]; total: number }> {
  const { where, statuses } = listed(options);
  const [rows, counted] = await Promise.all([
    latestJobs(db, options),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM bulk_jobs WHERE ${where}`, [statuses]),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

export interface JobDetail extends JobSummary {
  /** Done items over total, 0..1. */
  progress: number;
  /**
   * Items sent per second: while the job runs, over the last `windowSeconds` (or since the run
   * started, if later); once it ended, over its whole run (`items` sent in `windowSeconds`), so
   * a short job reads as fast as it was, not as its few items spread over the window.
   */
  rate: { itemsPerSecond: number; windowSeconds: number; items: number; wholeRun: boolean };
  /** Seconds until every item ended at the current rate; null when not running or no rate yet. */
  etaSeconds: number | null;
  /** Revert jobs planned or run for this job. */
  reverts: { id: string; status: JobStatus; createdAt: Date; createdByEmail: string }[];
  /** A set_status job that ended and changed messages: how many a revert would send back. */
  revertibleItems: number;
}

/** One job with counts, progress, rate and ETA; null when there is no such job. */
export async function getJob(
  db: Queryable,
  jobId: string,
  options: { rateWindowSeconds?: number } = {},
): Promise<JobDetail | null> {
  const windowSeconds = options.rateWindowSeconds ?? 30;
  const [row] = await db.query<Record<string, unknown> & { run_seconds: number | null }>(
    `SELECT ${JOB_COLUMNS}, final_counts, extract(epoch FROM coalesce(finished_at, now()) - started_at)::float8 AS run_seconds FROM bulk_jobs WHERE id = $1`,
    [jobId],
  );
  if (!row) return null;
  const job = jobRowSchema.parse(row);
  const runSeconds = row.run_seconds ?? 0;
  const wholeRun = job.finishedAt !== null && row.run_seconds !== null;
  const stored = storedCounts(row);
  const storedRevertible = storedRevertibleItems(row);
  const [countRows, recentRows, revertRows, revertible] = await Promise.all([
    stored ? Promise.resolve([]) : db.query<CountsRow>(COUNTS_SQL, [jobId]),
    db.query<{ recent: number }>(
      // This run's sends only: items of an earlier run (before a retry) and items skipped at a
      // cancel finished without a call and would inflate the rate.
      `SELECT count(*)::int AS recent FROM bulk_job_items i JOIN bulk_jobs j ON j.id = i.job_id
       WHERE i.job_id = $1 AND i.finished_at IS NOT NULL AND i.status IN ('ok', 'failed')
         AND ($3 OR i.finished_at > greatest(j.started_at, now() - make_interval(secs => $2)))`,
      [jobId, windowSeconds, wholeRun],
    ),
    db.query<{ id: string; status: JobStatus; created_at: Date; created_by_email: string }>(
      `SELECT id, status, created_at, created_by_email FROM bulk_jobs WHERE reverts_job_id = $1 AND status <> 'planning' ORDER BY created_at`,
      [jobId],
    ),
    job.action !== 'message.set_status' || (job.status !== 'completed' && job.status !== 'cancelled')
      ? Promise.resolve([{ count: 0 }])
      : storedRevertible !== null
        ? Promise.resolve([{ count: storedRevertible }])
        : db.query<{ count: number }>(
            `SELECT count(*)::int AS count FROM bulk_job_items WHERE job_id = $1 AND ${REVERTIBLE_ITEM_SQL}`,
            [jobId],
          ),
  ]);
  const counts = stored ?? countsFrom(countRows[0]);
  // A run shorter than a second is reckoned as one: a rate is no finer than the clock's reading.
  const window = wholeRun
    ? Math.max(1, runSeconds)
    : job.status === 'running' || job.status === 'cancelling'
      ? Math.max(1, Math.min(windowSeconds, runSeconds))
      : windowSeconds;
  const items = recentRows[0]?.recent ?? 0;
  const itemsPerSecond = items / window;
  const remaining = counts.pending + counts.inFlight;
  return {
    ...job,
    counts,
    progress: counts.total === 0 ? 0 : counts.done / counts.total,
    rate: { itemsPerSecond, windowSeconds: window, items, wholeRun },
    etaSeconds: job.status === 'running' && itemsPerSecond > 0 ? remaining / itemsPerSecond : null,
    reverts: revertRows.map((r) => ({
      id: r.id,
      status: r.status,
      createdAt: r.created_at,
      createdByEmail: r.created_by_email,
    })),
    revertibleItems: revertible[0]?.count ?? 0,
  };
}

export interface ListJobItemsOptions {
  status?: ItemStatus | readonly ItemStatus[];
  offset?: number;
  limit?: number;
}

/** One page of a job's items in order (optionally of some statuses), without counting them. */
export async function jobItemsPage(
  db: Queryable,
  jobId: string,
  options: ListJobItemsOptions = {},
): Promise<JobItem[]> {
  const { offset, limit } = pageSchema.parse({ offset: options.offset, limit: options.limit });
  const rows = await db.query(
    `SELECT ${ITEM_COLUMNS} FROM bulk_job_items WHERE job_id = $1 AND status = ANY($2::text[]) ORDER BY seq LIMIT $3 OFFSET $4`,
    [jobId, itemStatusesOf(options), limit, offset],
  );
  return rows.map((row) => itemRowSchema.parse(row));
}

function itemStatusesOf(options: ListJobItemsOptions): ItemStatus[] {
  return options.status === undefined
    ? [...ITEM_STATUSES]
    : z.array(z.enum(ITEM_STATUSES)).parse([options.status].flat());
}

/** How many of a job's items have one of these statuses (all of them when none is given), from its counts: what a page of them is out of. */
export function itemsWithStatuses(counts: JobCounts, status?: ItemStatus | readonly ItemStatus[]): number {
  const byStatus: Record<ItemStatus, number> = {
    pending: counts.pending,
    in_flight: counts.inFlight,
    ok: counts.ok,
    failed: counts.failed,
    skipped: counts.skipped,
    unknown: counts.unknown,
  };
  return itemStatusesOf({ status }).reduce((sum, each) => sum + byStatus[each], 0);
}

/** The jobs that acted on a record of a kind (a message by default), newest first (incident view, message page). */
export async function jobsForItem(
  db: Queryable,
  itemId: string,
  limit = 20,
  kind: ItemKindName = 'message',
): Promise<{ job: Job; item: JobItem }[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT ${prefixed(JOB_COLUMNS, 'j')},
       ${ITEM_COLUMNS.split(',')
         .map((c) => `i.${c.trim()} AS item_${c.trim()}`)
         .join(', ')}
     FROM bulk_job_items i JOIN bulk_jobs j ON j.id = i.job_id
     WHERE i.item_id = $1 AND j.status NOT IN ('planning', 'planned') AND j.action = ANY($3::text[])
     ORDER BY j.created_at DESC LIMIT $2`,
    [itemId, limit, jobActionsFor(kind)],
  );
  return rows.map((row) => ({
    job: jobRowSchema.parse(row),
    item: itemRowSchema.parse(
      Object.fromEntries(
        Object.entries(row)
          .filter(([k]) => k.startsWith('item_'))
          .map(([k, v]) => [k.slice(5), v]),
      ),
    ),
  }));
}

export interface RunnerInfo {
  instanceId: string;
  startedAt: Date;
  heartbeatAt: Date;
  stoppedAt: Date | null;
  /** Heartbeat within the lease and not stopped. */
  alive: boolean;
  lastError: string | null;
  lastErrorAt: Date | null;
}

/** The runners that registered recently (a job page can say "no runner is running"). */
export async function listRunners(db: Queryable, leaseSeconds = 60): Promise<RunnerInfo[]> {
  const rows = await db.query<{
    instance_id: string;
    started_at: Date;
    heartbeat_at: Date;
    stopped_at: Date | null;
    alive: boolean;
    last_error: string | null;
    last_error_at: Date | null;
  }>(
    `SELECT instance_id, started_at, heartbeat_at, stopped_at, last_error, last_error_at,
       (stopped_at IS NULL AND heartbeat_at > now() - make_interval(secs => $1)) AS alive
     FROM bulk_job_runners WHERE heartbeat_at > now() - interval '1 day' ORDER BY heartbeat_at DESC`,
    [leaseSeconds],
  );
  return rows.map((r) => ({
    instanceId: r.instance_id,
    startedAt: r.started_at,
    heartbeatAt: r.heartbeat_at,
    stoppedAt: r.stopped_at,
    alive: r.alive,
    lastError: r.last_error,
    lastErrorAt: r.last_error_at,
  }));
}
