/**
 * The dry run: reads the selected records (messages or users, item-kinds.ts) from the service
 * (by filter, or the explicit ids), page by page in id order, and stores a `planned` job with one
 * item per record and its state at that moment (its reads are in read-selection.ts). The operator
 * then confirms with the count (`startJob`). Nothing is sent to the service's operations here.
 *
 * Choices:
 * - The item set is fixed at the dry run: the job acts on exactly the messages counted, even if
 *   more match the filter later.
 * - `status_before` is the status read here, not re-read before each call (a second read per
 *   item would double the requests against the rate limit). A set_status item already at its
 *   target is skipped without a call; a revert sends each item back to this status.
 * - Pages are offset ranges (the service's list convention) sorted by id; an item seen twice (a
 *   row moved while reading) is kept once, and the service's count is kept beside ours.
 */
import { randomUUID } from 'node:crypto';
import type { ConsoleDb, Queryable } from '@/lib/db';
import type { UpstreamClient } from '@/lib/upstream/client';
import type { Message } from '@/lib/upstream/contract';
import { jobHref } from '@/lib/entities/hrefs';
import { itemKindOf, messageGuidOf } from './item-kinds';
import { continueInBackground } from './background';
import { DEFAULT_SAMPLE_SIZE, PlanWriter, summarisePlan, type PlanHeader } from './writer';
import type { JobAction, JobParams } from '../types/actions';
import { JOB_COLUMNS, jobRowSchema, REVERTIBLE_ITEM_SQL } from '../store/rows';
import { JobCommandError } from '../types/errors';
import { jobActorSchema, planJobInputSchema, type JobActor, type JobSelection, type PlanJobInput } from './input';
import { ID_LOOKUP_SIZE, readByFilter, readByIds, readIdsPage, type BackgroundHandover } from './read-selection';
import type { DryRun, Job } from '../types/job';

/** The service's list entity for messages (lib/entities/registry.ts). */
export const MESSAGES_ENTITY = 'messages';
const MAX_SELECTION_IDS_RECORDED = 1000;

export interface PlanOptions {
  pageSize?: number;
  sampleSize?: number;
  signal?: AbortSignal;
  /**
   * A filter matching more records than this is read by the runners in the background
   * (background.ts): the request reads its first page and returns. Unset: always here.
   */
  inlineLimit?: number;
}

/** What the dry-run dialog shows; confirm with `startJob(db, actor, jobId, total)`. */
export interface JobPlan {
  jobId: string;
  action: JobAction;
  params: JobParams;
  total: number;
  dryRun: DryRun;
  revertsJobId: string | null;
  /** Set when the runners read the rest in the background: the job is `planning` until then. */
  background: { reportedTotal: number | null; found: number } | null;
}

export interface PlanDeps {
  db: ConsoleDb;
  /** Reads the selection: the operator's client (their rights apply) or the machine client. */
  upstream: UpstreamClient;
}

function parseOrInvalid<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const message =
      error instanceof Error && 'issues' in error
        ? (error as { issues: { path: PropertyKey[]; message: string }[] }).issues
            .map((i) => `${i.path.join('.') || 'input'}: ${i.message}`)
            .join('; ')
        : String(error);
    throw new JobCommandError('invalid', `Invalid job: ${message}`);
  }
}

/** The line the audit log keeps for a dry run. */
export function describePlan(plan: JobPlan): string {
  if (plan.background)
    return `planning in the background: ${plan.background.reportedTotal ?? 'unknown number of'} matching, ${plan.background.found} read so far`;
  return plan.revertsJobId
    ? `planned revert of ${plan.revertsJobId}: ${plan.total} items`
    : `planned ${plan.total} items`;
}

/**
 * Runs the dry run and stores a `planned` job, under `jobId` when the caller chose it (the
 * guard does, so that its audit row names the job). Audited by the guard as `job.plan`.
 */
export async function planJob(
  deps: PlanDeps,
  actor: JobActor,
  input: PlanJobInput,
  options: PlanOptions = {},
  jobId: string = randomUUID(),
): Promise<JobPlan> {
  const who = parseOrInvalid(() => jobActorSchema.parse(actor));
  const { action, params, selection, origin } = parseOrInvalid(() => planJobInputSchema.parse(input));
  const recorded = recordedSelection(selection);
  const kind = itemKindOf(action);
  return buildPlan(
    deps,
    who,
    { jobId, action, params, selection: recorded, revertsJobId: null, origin },
    options,
    async (writer) => {
      if (selection.kind === 'filter') return readByFilter(deps.upstream, kind, selection.filter, writer, options);
      await readByIds(deps.upstream, kind, selection.ids, writer, options);
      return null;
    },
  );
}

/**
 * Plans the revert of a finished set_status job: a new set_status job sending every message
 * the original changed back to its status_before (each item carries its own target). The dry run
 * re-reads the messages' current status; those the job no longer finds at the status it set are
 * counted in `changedSince` (the revert overwrites those changes too). Audited by the guard as
 * `job.plan_revert`.
 */
export async function planRevertJob(
  deps: PlanDeps,
  actor: JobActor,
  originalJobId: string,
  options: PlanOptions = {},
  jobId: string = randomUUID(),
): Promise<JobPlan> {
  const who = parseOrInvalid(() => jobActorSchema.parse(actor));
  const [original] = await deps.db.query(`SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE id = $1`, [originalJobId]);
  if (!original) throw new JobCommandError('not_found', `No job ${originalJobId}.`);
  const job = jobRowSchema.parse(original);
  if (job.action !== 'message.set_status')
    throw new JobCommandError('not_revertible', `Only set-status jobs can be reverted; ${job.id} is ${job.action}.`);
  if (job.status !== 'completed' && job.status !== 'cancelled') {
    throw new JobCommandError('wrong_status', `Job ${job.id} is ${job.status}; revert it once it has ended.`);
  }
  return buildPlan(
    deps,
    who,
    {
      jobId,
      action: 'message.set_status',
      params: {},
      selection: { kind: 'revert', jobId: job.id },
      revertsJobId: job.id,
      origin: jobHref(job.id),
    },
    options,
    async (writer) => {
      const pageSize = Math.min(options.pageSize ?? ID_LOOKUP_SIZE, ID_LOOKUP_SIZE);
      let afterSeq = -1;
      for (;;) {
        // Keyset over the original's items: holds one page in memory, whatever the job's size.
        const rows = await deps.db.query<{
          seq: number;
          item_id: string;
          status_before: string;
          status_after: string | null;
        }>(
          `SELECT seq, item_id, status_before, status_after FROM bulk_job_items
           WHERE job_id = $1 AND seq > $2 AND ${REVERTIBLE_ITEM_SQL}
           ORDER BY seq LIMIT $3`,
          [job.id, afterSeq, pageSize],
        );
        if (rows.length === 0) break;
        afterSeq = rows.at(-1)!.seq;
        const targets = new Map(rows.map((row) => [row.item_id, row]));
        await readIdsPage(
          deps.upstream,
          itemKindOf('message.set_status'),
          [...targets.keys()],
          writer,
          options,
          (record) => {
            const message = record as Message;
            const original = targets.get(messageGuidOf(message)) ?? targets.get(message.id);
            if (!original) return null;
            if (original.status_after !== null && message.status !== original.status_after) writer.changedSince++;
            return original.status_before;
          },
        );
      }
      if (writer.found === 0 && writer.notFoundCount === 0) {
        throw new JobCommandError('not_revertible', `Job ${job.id} changed no message: nothing to revert.`);
      }
      return null;
    },
  );
}

async function buildPlan(
  deps: PlanDeps,
  actor: JobActor,
  header: PlanHeader,
  options: PlanOptions,
  read: (writer: PlanWriter) => Promise<BackgroundHandover | null>,
): Promise<JobPlan> {
  const { db } = deps;
  const started = performance.now();
  await db.query(
    `INSERT INTO bulk_jobs (id, action, params, selection, status, created_by_id, created_by_email, created_by_role, reverts_job_id, origin)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, 'planning', $5, $6, $7, $8, $9)`,
    [
      header.jobId,
      header.action,
      JSON.stringify(header.params),
      JSON.stringify(header.selection),
      actor.id,
      actor.email,
      actor.role,
      header.revertsJobId,
      header.origin,
    ],
  );
  try {
    const writer = new PlanWriter(db, header, options.sampleSize ?? DEFAULT_SAMPLE_SIZE);
    const handover = await read(writer);
    const base = {
      jobId: header.jobId,
      action: header.action,
      params: header.params,
      revertsJobId: header.revertsJobId,
    };
    if (handover) {
      await continueInBackground(db, header.jobId, handover, writer.state());
      const dryRun: DryRun = {
        sample: writer.sample,
        statusCounts: {},
        alreadyAtTarget: 0,
        notFound: [],
        notFoundCount: 0,
        reportedTotal: writer.reportedTotal,
        pages: writer.pages,
        durationMs: Math.round(performance.now() - started),
      };
      return {
        ...base,
        total: writer.found,
        dryRun,
        background: { reportedTotal: writer.reportedTotal, found: writer.found },
      };
    }
    const summary = await summarisePlan(db, writer, performance.now() - started);
    if (!summary)
      throw new JobCommandError('wrong_status', `Job ${header.jobId} was cancelled while its dry run read.`);
    return { ...base, total: summary.total, dryRun: summary.dryRun, background: null };
  } catch (error) {
    // A half-read selection is no plan: remove it (its items go with it).
    await db.query(`DELETE FROM bulk_jobs WHERE id = $1 AND status = 'planning'`, [header.jobId]).catch(() => {});
    throw error;
  }
}

function recordedSelection(selection: JobSelection): Record<string, unknown> {
  if (selection.kind === 'filter') return selection;
  return selection.ids.length <= MAX_SELECTION_IDS_RECORDED
    ? { kind: 'ids', count: selection.ids.length, ids: selection.ids }
    : {
        kind: 'ids',
        count: selection.ids.length,
        ids: selection.ids.slice(0, MAX_SELECTION_IDS_RECORDED),
        truncated: true,
      };
}

/** Reads a job as stored (any status). */
export async function readJob(db: Queryable, jobId: string): Promise<Job | null> {
  const [row] = await db.query(`SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE id = $1`, [jobId]);
  return row ? jobRowSchema.parse(row) : null;
}
