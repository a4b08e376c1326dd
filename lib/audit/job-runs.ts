/**
 * The audit rows of a bulk job's runs: one intent when a runner starts a run (action = the
 * job's action, e.g. message.reprocess, operator = who created the job) and its outcome when
 * every item ended. Operator commands on a job (plan, start, cancel...) are audited by the action
 * guard like every other action. Per-item outcomes live in bulk_job_items, not here: a
 * 100,000-item job adds two audit rows per run, not 200,000.
 */
import type { Queryable } from '@/lib/db';
import { recordIntent, recordOutcome, type AuditId, type OperatorRole } from './log';

export interface RunCounts {
  total: number;
  ok: number;
  failed: number;
  skipped: number;
  /** Sent, outcome not recorded. */
  unknown?: number;
}

export interface JobRunIntent {
  id: string;
  action: string;
  params: Record<string, unknown>;
  total: number;
  createdBy: { id: string; email: string; role: OperatorRole };
  runs: number;
  revertsJobId: string | null;
}

export function describeRunCounts(counts: RunCounts): string {
  const unknown = counts.unknown ? `, ${counts.unknown} unknown (check before retrying)` : '';
  return `${counts.ok} ok, ${counts.failed} failed, ${counts.skipped} skipped${unknown} of ${counts.total}`;
}

export function recordRunIntent(db: Queryable, job: JobRunIntent): Promise<AuditId> {
  return recordIntent(db, {
    operatorId: job.createdBy.id,
    operatorEmail: job.createdBy.email,
    operatorRole: job.createdBy.role,
    action: job.action,
    targetType: 'bulk_job',
    targetIds: [job.id],
    params: {
      ...job.params,
      items: job.total,
      run: job.runs,
      ...(job.revertsJobId ? { revertsJobId: job.revertsJobId } : {}),
    },
    jobId: job.id,
  });
}

/** A run is ok when it completed with no failed item; its counts are the summary either way. */
export function recordRunOutcome(
  db: Queryable,
  auditId: AuditId,
  run: { status: 'completed' | 'cancelled'; counts: RunCounts; durationMs: number },
): Promise<void> {
  const ok = run.status === 'completed' && run.counts.failed === 0 && !run.counts.unknown;
  return recordOutcome(db, auditId, {
    outcome: ok ? 'ok' : 'failed',
    errorMessage: ok
      ? null
      : run.status === 'cancelled'
        ? 'cancelled before every item ran'
        : `${run.counts.failed + (run.counts.unknown ?? 0)} of ${run.counts.total} items failed or have an unknown outcome`,
    summary: `${run.status}: ${describeRunCounts(run.counts)}`,
    durationMs: Math.max(0, run.durationMs),
  });
}
