/**
 * How a dry run stores what it reads: the writer turns each page of records into the job's items
 * (one INSERT per page) and keeps the counts and the sample as it goes, never the selection
 * itself, so a dry run holds one page in memory whatever its size. `summarisePlan` ends it: the
 * counts by status come from the stored items. Shared by the dry run inside the operator's
 * request (dry-run.ts) and the one the runners read in the background (background.ts).
 */
import type { Queryable } from '@/lib/db';
import { targetStateOf, type ItemKind } from './item-kinds';
import type { JobAction, JobParams } from '../types/actions';
import type { DryRun, PlanSampleItem } from '../types/job';

const MAX_LISTED_NOT_FOUND = 100;
/** Records a dry run keeps as its sample for the dialog. */
export const DEFAULT_SAMPLE_SIZE = 20;

/** A record of any kind, as the plan handles it (the kind knows what it is). */
export type KindRecord = { id: string };
export type AnyItemKind = ItemKind<KindRecord>;

export interface PlanHeader {
  jobId: string;
  action: JobAction;
  params: JobParams;
  selection: Record<string, unknown>;
  revertsJobId: string | null;
  /** The view it was started from (a revert: the reverted job's page). */
  origin: string | null;
}

/** Where a writer resumes (a background dry run continued by another runner). */
export interface PlanWriterState {
  seq: number;
  found: number;
  pages: number;
  reportedTotal: number | null;
  sample: PlanSampleItem[];
}

/** Collects the read records into the job's items, a page per INSERT. */
export class PlanWriter {
  seq = 0;
  found = 0;
  pages = 0;
  reportedTotal: number | null = null;
  notFound: string[] = [];
  notFoundCount = 0;
  changedSince = 0;
  readonly sample: PlanSampleItem[] = [];

  constructor(
    private readonly db: Queryable,
    readonly header: PlanHeader,
    private readonly sampleSize: number,
    from?: PlanWriterState,
  ) {
    if (from) {
      this.seq = from.seq;
      this.found = from.found;
      this.pages = from.pages;
      this.reportedTotal = from.reportedTotal;
      this.sample.push(...from.sample.slice(0, sampleSize));
    }
  }

  /** The target state of every item of a normal job (a revert passes one per item). */
  readonly defaultTarget = (): string | null => targetStateOf(this.header.action, this.header.params);

  /** Stores a page; `db` is the transaction of a background page (default the writer's own). */
  async add(
    kind: AnyItemKind,
    records: readonly KindRecord[],
    targetFor: (record: KindRecord) => string | null = this.defaultTarget,
    db: Queryable = this.db,
  ): Promise<void> {
    this.pages++;
    if (records.length === 0) return;
    const seqs: number[] = [];
    const ids: string[] = [];
    const before: string[] = [];
    const targets: (string | null)[] = [];
    // An action with a target (set_status, set_verified) has no item without one.
    const needsTarget = this.defaultTarget() !== null || this.header.action === 'message.set_status';
    for (const record of records) {
      const target = targetFor(record);
      if (needsTarget && target === null) continue;
      seqs.push(this.seq++);
      ids.push(kind.itemId(record));
      before.push(kind.state(record));
      targets.push(target);
      if (this.sample.length < this.sampleSize) this.sample.push(kind.sample(record));
    }
    if (seqs.length === 0) return;
    const inserted = await db.query(
      `INSERT INTO bulk_job_items (job_id, seq, item_id, status_before, target_status)
       SELECT $1, u.seq, u.item_id, u.status_before, u.target_status
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS u(seq, item_id, status_before, target_status)
       ON CONFLICT (job_id, item_id) DO NOTHING
       RETURNING seq`,
      [this.header.jobId, seqs, ids, before, targets],
    );
    this.found += inserted.length;
  }

  missing(ids: readonly string[]): void {
    this.notFoundCount += ids.length;
    for (const id of ids) if (this.notFound.length < MAX_LISTED_NOT_FOUND) this.notFound.push(id);
  }

  state(): PlanWriterState {
    return {
      seq: this.seq,
      found: this.found,
      pages: this.pages,
      reportedTotal: this.reportedTotal,
      sample: this.sample,
    };
  }
}

/**
 * Ends a dry run: its counts by status from the stored items, and the job `planned` with them.
 * Null when the job is no longer `planning` (cancelled meanwhile): nothing is written then.
 */
export async function summarisePlan(
  db: Queryable,
  writer: PlanWriter,
  durationMs: number,
): Promise<{ total: number; dryRun: DryRun } | null> {
  const { header } = writer;
  const byStatus = await db.query<{ status: string; count: number; at_target: number }>(
    `SELECT status_before AS status, count(*)::int AS count,
       count(*) FILTER (WHERE target_status IS NOT NULL AND target_status = status_before)::int AS at_target
     FROM bulk_job_items WHERE job_id = $1 GROUP BY status_before ORDER BY count(*) DESC`,
    [header.jobId],
  );
  const total = byStatus.reduce((sum, row) => sum + row.count, 0);
  const dryRun: DryRun = {
    sample: writer.sample,
    statusCounts: Object.fromEntries(byStatus.map((row) => [row.status, row.count])),
    alreadyAtTarget: byStatus.reduce((sum, row) => sum + row.at_target, 0),
    notFound: writer.notFound,
    notFoundCount: writer.notFoundCount,
    reportedTotal: writer.reportedTotal,
    pages: writer.pages,
    durationMs: Math.round(durationMs),
    ...(header.revertsJobId ? { changedSince: writer.changedSince } : {}),
  };
  const updated = await db.query(
    `UPDATE bulk_jobs SET status = 'planned', planned_at = now(), total = $2, dry_run = $3::jsonb WHERE id = $1 AND status = 'planning' RETURNING id`,
    [header.jobId, total, JSON.stringify(dryRun)],
  );
  return updated.length > 0 ? { total, dryRun } : null;
}
