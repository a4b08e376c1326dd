/**
 * The four-eyes flow's own actions (lib/approvals): request an approval for a covered action
 * with a reason, approve or reject it (another operator), cancel it (the requester), and review
 * a break-glass run after the fact. Each is audited like any other action; running the approved
 * action itself goes through the guard again with the approval (app/(console)/_actions/approvals.ts).
 */
import { z } from 'zod';
import { requiredApproval } from '@/lib/approvals/enforce';
import { approvalSettings } from '@/lib/approvals/policy';
import { approvalFlow, APPROVAL_FLOWS } from '@/lib/approvals/registry';
import {
  approveRequest,
  cancelRequest,
  getApprovalRequest,
  createApprovalRequest,
  rejectRequest,
  reviewBreakGlass,
  type DecisionRefusal,
  type DecisionResult,
} from '@/lib/approvals/store';
import { roleAllows, type RoleSettings } from '@/lib/auth/roles';
import type { Queryable } from '@/lib/db';
import { currentRole } from '@/lib/operators/roles';
import { ActionRejectedError, defineAction } from './guard/define';
import { freeText } from '@/lib/free-text';

const requestId = z.string().trim().uuid('an approval request id is a UUID');
const comment = freeText({ max: 2_000, multiline: true }).optional();
const flowActions = Object.keys(APPROVAL_FLOWS) as [keyof typeof APPROVAL_FLOWS, ...(keyof typeof APPROVAL_FLOWS)[]];

/** The reason a requester types: an incident or ticket reference, and why. */
export const approvalReasonSchema = freeText({
  min: 3,
  minMessage: 'say why (an incident or ticket reference)',
  max: 1_000,
  multiline: true,
});

export const requestApprovalAction = defineAction({
  name: 'approval.request',
  requiredRole: 'ops',
  input: z.object({
    action: z.enum(flowActions),
    params: z.record(z.string(), z.unknown()),
    reason: approvalReasonSchema,
  }),
  target: (input) => ({ type: 'approval_request', ids: [input.action] }),
  async run({ operator, upstream, db, approvals, roleSettings }, input) {
    const settings = approvals ?? approvalSettings();
    const flow = approvalFlow(input.action);
    if (!flow) throw new ActionRejectedError(`${input.action} is not an action that takes approval.`);
    if (!roleAllows(operator.role, flow.definition.requiredRole)) {
      throw new ActionRejectedError(`Requesting ${flow.label} needs the ${flow.definition.requiredRole} role.`);
    }
    const parsed = flow.definition.input.safeParse(input.params);
    if (!parsed.success)
      throw new ActionRejectedError(
        `The parameters are not valid: ${parsed.error.issues.map((issue) => issue.message).join('; ')}.`,
      );
    const params = parsed.data as Record<string, unknown>;
    if ((await requiredApproval(db, input.action, params, settings)) === null)
      throw new ActionRejectedError('This does not need approval; run it directly.');
    const preview = await flow.preview({ upstream, db, roleSettings }, params);
    const id = await createApprovalRequest(db, {
      action: input.action,
      params,
      preview,
      reason: input.reason,
      requester: operator,
      ttlMinutes: settings.ttlMinutes,
    });
    return { requestId: id };
  },
  summary: (output) => `approval request ${output.requestId}`,
});

const REFUSALS: Record<DecisionRefusal, string> = {
  not_found: 'There is no such approval request.',
  own_request: 'You made this request: another operator must decide it.',
  not_own_request: 'Only the operator who made the request can cancel it.',
  expired: 'This request expired; the requester can ask again.',
  not_pending: 'This request was already decided.',
  not_break_glass: 'This is not a break-glass run.',
  already_reviewed: 'This break-glass run was already reviewed.',
};

function decided(result: DecisionResult) {
  if (!result.ok) throw new ActionRejectedError(REFUSALS[result.refusal], result.refusal);
  return result.request;
}

/**
 * A request counts only while its requester could still make it: judged by the requester's role
 * now, not the role they had when asking (a demoted operator's requests cannot be approved).
 */
async function requireRequesterRole(db: Queryable, id: string, roleSettings: RoleSettings): Promise<void> {
  const request = await getApprovalRequest(db, id);
  if (!request || request.status !== 'pending') return;
  const flow = approvalFlow(request.action);
  const needed =
    flow && !roleAllows(requestApprovalAction.requiredRole, flow.definition.requiredRole)
      ? flow.definition.requiredRole
      : requestApprovalAction.requiredRole;
  const now = await currentRole(db, request.requester, roleSettings);
  if (!roleAllows(now.role, needed))
    throw new ActionRejectedError(
      `${request.requester.email} is ${now.role} now, and requesting this needs the ${needed} role: the request cannot be approved.`,
      'requester_role',
    );
}

export const approveRequestAction = defineAction({
  name: 'approval.approve',
  requiredRole: 'ops',
  input: z.object({ requestId, comment }),
  target: (input) => ({ type: 'approval_request', ids: [input.requestId] }),
  async run({ operator, db, roleSettings }, input) {
    await requireRequesterRole(db, input.requestId, roleSettings);
    return decided(await approveRequest(db, input.requestId, operator, input.comment || null));
  },
  summary: (request) => `approved ${request.action} requested by ${request.requester.email}`,
});

export const rejectRequestAction = defineAction({
  name: 'approval.reject',
  requiredRole: 'ops',
  input: z.object({ requestId, comment }),
  target: (input) => ({ type: 'approval_request', ids: [input.requestId] }),
  run: async ({ operator, db }, input) =>
    decided(await rejectRequest(db, input.requestId, operator, input.comment || null)),
  summary: (request) => `rejected ${request.action} requested by ${request.requester.email}`,
});

export const cancelRequestAction = defineAction({
  name: 'approval.cancel',
  requiredRole: 'ops',
  input: z.object({ requestId }),
  target: (input) => ({ type: 'approval_request', ids: [input.requestId] }),
  run: async ({ operator, db }, input) => decided(await cancelRequest(db, input.requestId, operator)),
  summary: (request) => `canceled ${request.action}`,
});

export const reviewBreakGlassAction = defineAction({
  name: 'approval.review_break_glass',
  requiredRole: 'ops',
  input: z.object({ requestId, comment }),
  target: (input) => ({ type: 'approval_request', ids: [input.requestId] }),
  run: async ({ operator, db }, input) =>
    decided(await reviewBreakGlass(db, input.requestId, operator, input.comment || null)),
  summary: (request) => `reviewed the break-glass ${request.action} of ${request.requester.email}`,
});
