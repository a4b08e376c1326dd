/**
 * The covered actions as the approvals flow runs them: each policy entry's action definition,
 * its preview, and where its result is read back. The policy (which actions, why) is in
 * policy.ts; this module only wires the definitions, so the guard never imports it.
 */
import type { ActionDefinition } from '@/lib/actions/guard/define';
import { mergeUsersAction } from '@/lib/actions/accounts';
import { deleteDomainAction } from '@/lib/actions/domains';
import { startJobAction } from '@/lib/actions/jobs';
import { setOperatorRoleAction } from '@/lib/actions/operators';
import { repairSequenceAction, setWorkspaceOwnerAction } from '@/lib/actions/structure';
import type { CoveredActionName, ROLE_CHANGE_ACTION } from './policy';
import {
  domainDeletePreviewFacts,
  jobStartPreviewFacts,
  mergePreviewFacts,
  repairPreviewFacts,
  roleChangePreviewFacts,
  setOwnerPreviewFacts,
  type PreviewContext,
} from './previews';
import type { ApprovalPreview } from './types';

export interface ApprovalFlowEntry {
  /** Erased input type: the flow parses params with the definition's own schema first. */
  definition: ActionDefinition<never, unknown>;
  /** What the approver sees, as the action button says it. */
  label: string;
  preview(context: PreviewContext, input: Record<string, unknown>): Promise<ApprovalPreview>;
  /** Where the executed action's result is read back, from its params and its recorded result. */
  resultHref(params: Record<string, unknown>, result: Record<string, unknown> | null): string | null;
}

function entry<Input extends Record<string, unknown>, Output>(
  definition: ActionDefinition<Input, Output>,
  label: string,
  preview: (context: PreviewContext, input: Input) => Promise<ApprovalPreview>,
  resultHref: ApprovalFlowEntry['resultHref'],
): ApprovalFlowEntry {
  return {
    definition: definition as unknown as ActionDefinition<never, unknown>,
    label,
    preview: (context, input) => preview(context, input as Input),
    resultHref,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? encodeURIComponent(value) : null);

export const APPROVAL_FLOWS: Readonly<
  Record<CoveredActionName | 'job.start' | typeof ROLE_CHANGE_ACTION, ApprovalFlowEntry>
> = {
  'user.merge': entry(mergeUsersAction, 'Merge accounts', mergePreviewFacts, (params) =>
    text(params.targetUserId) ? `/users/${text(params.targetUserId)}?merged=${text(params.sourceUserId)}` : null,
  ),
  'domain.delete': entry(deleteDomainAction, 'Delete domain', domainDeletePreviewFacts, () => '/domains'),
  'workspace.set_owner': entry(setWorkspaceOwnerAction, 'Set workspace owner', setOwnerPreviewFacts, (params) =>
    text(params.workspaceGuid) ? `/workspaces/${text(params.workspaceGuid)}` : null,
  ),
  'channel.repair_sequence_numbers': entry(
    repairSequenceAction,
    'Repair sequence numbers',
    repairPreviewFacts,
    () => '/channels/repair',
  ),
  'job.start': entry(startJobAction, 'Start bulk job', jobStartPreviewFacts, (params) =>
    text(params.jobId) ? `/jobs/${text(params.jobId)}` : null,
  ),
  'operator.set_role': entry(setOperatorRoleAction, 'Grant the ops role', roleChangePreviewFacts, (params) =>
    text(params.accountId) ? `/operators/${text(params.accountId)}` : null,
  ),
};

const record = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Where a covered action's run is read back, from the params it ran with and its output. */
export function resultHrefOf(action: keyof typeof APPROVAL_FLOWS, params: unknown, output: unknown): string | null {
  return APPROVAL_FLOWS[action].resultHref(record(params) ?? {}, record(output));
}

export function approvalFlow(action: string): ApprovalFlowEntry | null {
  return Object.hasOwn(APPROVAL_FLOWS, action) ? APPROVAL_FLOWS[action as keyof typeof APPROVAL_FLOWS] : null;
}
