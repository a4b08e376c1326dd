/**
 * How jobs reach the audit log. Each operator command on a job (plan, start, cancel, retry
 * failed, plan a revert) writes an intent before and an outcome after, with the job id and
 * counts; each run of a job writes one intent when a runner starts it (action = the job's
 * action, e.g. message.reprocess, operator = who created the job) and its outcome when every
 * item ended. Per-item outcomes live in bulk_job_items, not in the audit log: a 100,000-item
 * job adds two audit rows per run, not 200,000.
 */
import { recordIntent, recordOutcome, type AuditId } from '@/lib/audit/log';
import type { Queryable } from '@/lib/db';
import { isUpstreamError } from '@/lib/upstream/errors';
import type { JobActor, JobCounts } from './types';

export const JOB_COMMANDS = {
  plan: 'job.plan',
  start: 'job.start',
  cancel: 'job.cancel',
  retryFailed: 'job.retry_failed',
  planRevert: 'job.plan_revert',
} as const;

export function jobIntent(actor: JobActor, action: string, jobId: string, params: Record<string, unknown>) {
  return {
    operatorId: actor.id,
    operatorEmail: actor.email,
    operatorRole: actor.role,
    action,
    targetType: 'bulk_job',
    targetIds: [jobId],
    params,
    jobId,
  };
}

/**
 * Runs an operator command between its audit intent and outcome. `describe` turns the result
 * into the outcome's message (counts); a thrown error is recorded as failed and rethrown.
 */
export async function auditedCommand<T>(
  db: Queryable,
  actor: JobActor,
  action: string,
  jobId: string,
  params: Record<string, unknown>,
  run: () => Promise<T>,
  describe: (result: T) => string,
): Promise<T> {
  const auditId = await recordIntent(db, jobIntent(actor, action, jobId, params));
  const started = performance.now();
  try {
    const result = await run();
    await recordOutcome(db, auditId, { outcome: 'ok', errorMessage: describe(result), durationMs: performance.now() - started });
    return result;
  } catch (error) {
    const upstream = isUpstreamError(error) ? error : null;
    await recordOutcome(db, auditId, {
      outcome: 'failed',
      upstreamStatus: upstream?.status ?? null,
      upstreamRequestId: upstream?.requestId ?? null,
      errorMessage: error instanceof Error ? error.message : String(error),
      durationMs: performance.now() - started,
    });
    throw error;
  }
}

export function describeCounts(counts: JobCounts): string {
  return `${counts.ok} ok, ${counts.failed} failed, ${counts.skipped} skipped of ${counts.total}`;
}

export async function recordRunIntent(
  db: Queryable,
  job: { id: string; action: string; params: Record<string, unknown>; total: number; createdBy: JobActor; runs: number; revertsJobId: string | null },
): Promise<AuditId> {
  return recordIntent(
    db,
    jobIntent(job.createdBy, job.action, job.id, {
      ...job.params,
      items: job.total,
      run: job.runs,
      ...(job.revertsJobId ? { revertsJobId: job.revertsJobId } : {}),
    }),
  );
}

export async function recordRunOutcome(
  db: Queryable,
  auditId: AuditId,
  run: { status: 'completed' | 'cancelled'; counts: JobCounts; durationMs: number },
): Promise<void> {
  const ok = run.status === 'completed' && run.counts.failed === 0;
  await recordOutcome(db, auditId, {
    outcome: ok ? 'ok' : 'failed',
    errorMessage: `${run.status}: ${describeCounts(run.counts)}`,
    durationMs: Math.max(0, run.durationMs),
  });
}
