/**
 * How a failed action reads in the audit log: the one wording for every writer (the action
 * guard and the job runs), so "may have been applied" means the same wherever it appears.
 */
import { isUpstreamError } from '@/lib/upstream/client';
import type { AuditOutcome } from './log';

/** Appended to a failure the service may have applied all the same (no answer came back). */
export const MAY_HAVE_APPLIED = 'no answer, so it may have been applied';

/** The outcome row of an action that threw `error` after `durationMs`. */
export function failedOutcome(error: unknown, durationMs: number): AuditOutcome {
  const upstream = isUpstreamError(error) ? error : null;
  const message = error instanceof Error ? error.message : String(error);
  return {
    outcome: 'failed',
    upstreamStatus: upstream?.status ?? null,
    upstreamRequestId: upstream?.requestId ?? null,
    errorMessage: upstream?.mayHaveApplied ? `${message}; ${MAY_HAVE_APPLIED}` : message,
    durationMs: Math.max(0, durationMs),
  };
}
