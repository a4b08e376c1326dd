/**
 * The approval check the action guard makes (lib/actions/guard/execute.ts): after the session, role and
 * input checks, a covered action runs only with an approved request for exactly these parameters
 * (consumed here, once) or as a break-glass run by an ops operator with a typed reason.
 */
import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '@/lib/free-text';
import { type Operator, roleAllows } from '@/lib/auth/roles';
import type { Queryable } from '@/lib/db';
import { paramsHash } from './params-hash';
import { approvalReason, BREAK_GLASS_ROLE, JOB_START_ACTION, type ApprovalSettings, type JobFacts } from './policy';
import { createBreakGlassRecord, getApprovalRequest, recordExecution } from './store';
import type { ApprovalActor } from './types';
import { logger } from '@/lib/observability/logger';

/** What a caller presents besides the input: an approval to use, or a break-glass reason. */
export type ApprovalAuthorization = { approvalId: string } | { breakGlassReason: string };

/** A break-glass reason as a server action received it; the guard refuses one too short. */
export function breakGlassAuthorization(reason: unknown): ApprovalAuthorization {
  return { breakGlassReason: z.string().max(1_000).catch('').parse(reason) };
}

/** The approval an action runs under, recorded on its audit row and completed after the run. */
export interface ApprovalGrant {
  approvalId: string;
  requestedBy: ApprovalActor;
  approvedBy: ApprovalActor;
  breakGlass: boolean;
  reason: string;
}

export type ApprovalCheck = { ok: true; grant: ApprovalGrant | null } | { ok: false; reason: string; message: string };

/** A break-glass reason is typed, not clicked through: at least this long. */
export const MIN_BREAK_GLASS_REASON = 10;

async function jobFacts(db: Queryable, input: Record<string, unknown>): Promise<JobFacts | null> {
  if (typeof input.jobId !== 'string') return null;
  const [row] = await db.query<{ action: string; total: number; reverts_job_id: string | null }>(
    'SELECT action, total, reverts_job_id FROM bulk_jobs WHERE id = $1',
    [input.jobId],
  );
  return row ? { action: row.action, itemCount: row.total, revertsJobId: row.reverts_job_id } : null;
}

/** Why the action needs approval with this input, or null (bulk-job starts depend on the job). */
export async function requiredApproval(
  db: Queryable,
  action: string,
  input: Record<string, unknown>,
  settings: ApprovalSettings,
): Promise<string | null> {
  if (!settings.enabled) return null;
  return approvalReason(action, settings, action === JOB_START_ACTION ? await jobFacts(db, input) : null, input);
}

const actor = (operator: Operator): ApprovalActor => ({ id: operator.id, email: operator.email });

async function consumeRefusal(
  db: Queryable,
  approvalId: string,
  action: string,
  hash: string,
  operator: Operator,
): Promise<{ reason: string; message: string }> {
  const request = await getApprovalRequest(db, approvalId);
  if (!request) return { reason: 'approval not found', message: `There is no approval request ${approvalId}.` };
  if (request.action !== action || request.paramsHash !== hash) {
    return {
      reason: 'approval is for other parameters',
      message: 'This approval was given for other parameters; request approval for these.',
    };
  }
  if (request.status === 'expired')
    return { reason: 'approval expired', message: 'This approval request expired; request approval again.' };
  if (request.status === 'executed')
    return {
      reason: 'approval already used',
      message: 'This approval was already used; an approval runs its action once.',
    };
  if (request.status !== 'approved')
    return { reason: `approval is ${request.status}`, message: `This request is ${request.status}, not approved.` };
  if (!request.approver || request.approver.id === request.requester.id)
    return { reason: 'self-approved', message: 'A request must be approved by another operator than its requester.' };
  if (request.approver.id !== operator.id)
    return { reason: 'not the approver', message: `Only the approver (${request.approver.email}) runs this approval.` };
  return { reason: 'approval not usable', message: 'This approval cannot be used now.' };
}

/**
 * Checks (and for an approval, consumes) what authorises this run of a covered action. The
 * consumption is one conditional UPDATE from `approved` to `executed`: of two concurrent runs
 * with the same approval, on any number of instances, exactly one gets the row.
 */
export async function authorizeCoveredAction(
  db: Queryable,
  action: string,
  input: Record<string, unknown>,
  operator: Operator,
  authorization: ApprovalAuthorization | undefined,
  settings: ApprovalSettings,
): Promise<ApprovalCheck> {
  const why = await requiredApproval(db, action, input, settings);
  if (why === null) return { ok: true, grant: null };
  if (!authorization) {
    return {
      ok: false,
      reason: 'approval required',
      message: `This needs a second operator's approval: ${why} Request approval instead.`,
    };
  }
  if ('breakGlassReason' in authorization) {
    const reason = authorization.breakGlassReason.trim();
    if (!roleAllows(operator.role, BREAK_GLASS_ROLE))
      return { ok: false, reason: 'break-glass needs ops', message: `Break-glass needs the ${BREAK_GLASS_ROLE} role.` };
    if (hasControlCharacter(reason)) {
      return {
        ok: false,
        reason: 'break-glass reason with a control character',
        message: `The reason ${CONTROL_CHARACTER_MESSAGE}.`,
      };
    }
    if (reason.length < MIN_BREAK_GLASS_REASON) {
      return {
        ok: false,
        reason: 'break-glass without a reason',
        message: `Type why this cannot wait for approval (at least ${MIN_BREAK_GLASS_REASON} characters).`,
      };
    }
    const approvalId = await createBreakGlassRecord(db, { action, params: input, reason, requester: actor(operator) });
    return {
      ok: true,
      grant: { approvalId, requestedBy: actor(operator), approvedBy: actor(operator), breakGlass: true, reason },
    };
  }
  const hash = paramsHash(action, input);
  const [row] = await db.query<{
    requester_id: string;
    requester_email: string;
    approver_email: string;
    reason: string;
  }>(
    `UPDATE approval_requests SET status = 'executed', executed_at = now()
     WHERE id = $1 AND status = 'approved' AND action = $2 AND params_hash = $3 AND expires_at > now()
       AND approver_id = $4 AND approver_id <> requester_id
     RETURNING requester_id, requester_email, approver_email, reason`,
    [authorization.approvalId, action, hash, operator.id],
  );
  if (!row) return { ok: false, ...(await consumeRefusal(db, authorization.approvalId, action, hash, operator)) };
  return {
    ok: true,
    grant: {
      approvalId: authorization.approvalId,
      requestedBy: { id: row.requester_id, email: row.requester_email },
      approvedBy: { id: operator.id, email: row.approver_email },
      breakGlass: false,
      reason: row.reason,
    },
  };
}

/** The grant as the audit row's params keep it: both operators, and whether it was break-glass. */
export function grantParams(grant: ApprovalGrant): Record<string, unknown> {
  return {
    approval: {
      id: grant.approvalId,
      requestedBy: grant.requestedBy.email,
      requestedById: grant.requestedBy.id,
      approvedBy: grant.breakGlass ? null : grant.approvedBy.email,
      approvedById: grant.breakGlass ? null : grant.approvedBy.id,
      breakGlass: grant.breakGlass,
      reason: grant.reason,
    },
  };
}

/** Records how the approved run ended on its request; a failure here only logs (the run is done). */
export async function completeGrant(
  db: Queryable,
  grant: ApprovalGrant,
  execution: { outcome: 'ok' | 'failed'; auditId: string; output: unknown },
): Promise<void> {
  const result =
    execution.output && typeof execution.output === 'object' && !Array.isArray(execution.output)
      ? (execution.output as Record<string, unknown>)
      : null;
  await recordExecution(db, grant.approvalId, {
    outcome: execution.outcome,
    auditId: execution.auditId,
    result: result ? resultLinks(result) : null,
  }).catch((error: unknown) =>
    logger('approvals').error({ err: error }, `could not record the execution of approval ${grant.approvalId}`),
  );
}

/** Only what the request page links to, not the whole output (which may be large). */
function resultLinks(output: Record<string, unknown>): Record<string, unknown> {
  const job = output.job && typeof output.job === 'object' ? (output.job as Record<string, unknown>) : null;
  const picked: Record<string, unknown> = {};
  for (const key of [
    'targetId',
    'sourceId',
    'mergeId',
    'workspaceGuid',
    'ownerGuid',
    'id',
    'channels_repaired',
    'messages_renumbered',
  ] as const) {
    if (typeof output[key] === 'string' || typeof output[key] === 'number') picked[key] = output[key];
  }
  if (job && typeof job.id === 'string') picked.jobId = job.id;
  return picked;
}
