'use server';

import type { ActionError, ActionResult } from '@/lib/actions/guard/define';
import {
  approveRequestAction,
  cancelRequestAction,
  rejectRequestAction,
  requestApprovalAction,
  reviewBreakGlassAction,
} from '@/lib/actions/approvals';
import { performAction } from '@/lib/actions/guard/server';
import { approvalFlow } from '@/lib/approvals/registry';

/** Stores a request for approval of a covered action (its params validated by the action's own schema). */
export async function requestApproval(input: unknown): Promise<ActionResult<{ requestId: string }>> {
  return performAction(requestApprovalAction, input);
}

/** What an approval did: the request, and the approved action's own result or error. */
export interface ApprovalRun {
  requestId: string;
  executed: boolean;
  /** Where the result is read back (the kept user's page, the job). */
  resultHref: string | null;
  executionError: ActionError | null;
}

/**
 * Approves a pending request, then runs the action at once under the approval: the guard checks
 * the approval against the stored parameters and consumes it, so it runs once even if two
 * approvers click at the same moment (the second approval is refused as already decided).
 */
export async function approveAndRun(input: unknown): Promise<ActionResult<ApprovalRun>> {
  const approved = await performAction(approveRequestAction, input);
  if (!approved.ok) return approved;
  const request = approved.data;
  const flow = approvalFlow(request.action);
  if (!flow)
    return {
      ok: false,
      error: { kind: 'internal', message: `Approved, but ${request.action} has no runner in this console version.` },
    };
  const run = await performAction(flow.definition, request.params, { authorization: { approvalId: request.id } });
  const result = run.ok && run.data && typeof run.data === 'object' ? (run.data as Record<string, unknown>) : null;
  return {
    ok: true,
    requestId: run.ok ? run.requestId : null,
    data: {
      requestId: request.id,
      executed: run.ok,
      resultHref: run.ok ? flow.resultHref(request.params, result) : null,
      executionError: run.ok ? null : run.error,
    },
  };
}

export async function rejectApproval(input: unknown): Promise<ActionResult<{ requestId: string }>> {
  const result = await performAction(rejectRequestAction, input);
  return result.ok ? { ...result, data: { requestId: result.data.id } } : result;
}

export async function cancelApproval(input: unknown): Promise<ActionResult<{ requestId: string }>> {
  const result = await performAction(cancelRequestAction, input);
  return result.ok ? { ...result, data: { requestId: result.data.id } } : result;
}

export async function reviewBreakGlassRun(input: unknown): Promise<ActionResult<{ requestId: string }>> {
  const result = await performAction(reviewBreakGlassAction, input);
  return result.ok ? { ...result, data: { requestId: result.data.id } } : result;
}
