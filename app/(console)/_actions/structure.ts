'use server';

import { refresh } from 'next/cache';
import type { ActionResult } from '@/lib/actions/guard/define';
import { performAction } from '@/lib/actions/guard/server';
import { breakGlassAuthorization } from '@/lib/approvals/enforce';
import { resultHrefOf } from '@/lib/approvals/registry';
import {
  repairSequenceAction,
  setChannelVisibilityAction,
  setWorkspaceOwnerAction,
  updateChannelMemberAction,
} from '@/lib/actions/structure';
import type { RepairSequenceReport } from '@/lib/upstream/contract/accounts';

/** Makes a member the workspace's owner (ops); answers the owner read back. */
export async function setWorkspaceOwnerFromPage(
  input: unknown,
): Promise<ActionResult<{ workspaceGuid: string; ownerGuid: string | null }>> {
  return performAction(setWorkspaceOwnerAction, input);
}

/** The visibility form's last answer, for useActionState: null before its first submit. */
export type VisibilityState = ActionResult<{
  channelId: string;
  visibility: string | null;
  previous: string | null;
}> | null;

/** Sets a channel's visibility (ops), from a form that also runs without JavaScript; the page is read again after. */
export async function setChannelVisibilityFromPage(
  _previous: VisibilityState,
  form: FormData,
): Promise<NonNullable<VisibilityState>> {
  const result = await performAction(setChannelVisibilityAction, {
    channelId: form.get('channelId'),
    visibility: form.get('visibility'),
    // A ticked checkbox sends its value; an unticked one sends nothing.
    confirmWidening: form.get('confirmWidening') === 'yes',
  });
  refresh();
  return result;
}

/** Changes a member's role and/or membership status in a channel (ops). */
export async function updateChannelMemberFromPage(input: unknown): Promise<
  ActionResult<{
    channelId: string;
    userId: string;
    role: string | null;
    status: string | null;
    previous: { role: string; status: string } | null;
  }>
> {
  return performAction(updateChannelMemberAction, input);
}

/** Repairs every channel's sequence numbers (ops); answers the service's report. */
export async function repairSequenceNumbersFromPage(input: unknown): Promise<ActionResult<RepairSequenceReport>> {
  return performAction(repairSequenceAction, input);
}

/** Runs it now without approval, with the operator's typed reason (break-glass, ops); reviewed on the approvals page after. */
export async function breakGlassSetWorkspaceOwner(
  params: unknown,
  reason: unknown,
): Promise<ActionResult<{ resultHref: string | null }>> {
  const run = await performAction(setWorkspaceOwnerAction, params, { authorization: breakGlassAuthorization(reason) });
  return run.ok ? { ...run, data: { resultHref: resultHrefOf('workspace.set_owner', params, run.data) } } : run;
}

/** Runs it now without approval, with the operator's typed reason (break-glass, ops); reviewed on the approvals page after. */
export async function breakGlassRepairSequenceNumbers(
  params: unknown,
  reason: unknown,
): Promise<ActionResult<{ resultHref: string | null }>> {
  const run = await performAction(repairSequenceAction, params, { authorization: breakGlassAuthorization(reason) });
  return run.ok
    ? { ...run, data: { resultHref: resultHrefOf('channel.repair_sequence_numbers', params, run.data) } }
    : run;
}
