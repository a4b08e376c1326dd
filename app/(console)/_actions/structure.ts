'use server';

import type { ActionResult } from '@/lib/actions/define';
import { performAction } from '@/lib/actions/server';
import { repairSequenceAction, setChannelVisibilityAction, setWorkspaceOwnerAction, updateChannelMemberAction } from '@/lib/actions/structure';
import type { RepairSequenceReport } from '@/lib/upstream/contract/accounts';

/** Makes a member the workspace's owner (ops); answers the owner read back. */
export async function setWorkspaceOwnerFromPage(input: unknown): Promise<ActionResult<{ workspaceGuid: string; ownerGuid: string | null }>> {
  return performAction(setWorkspaceOwnerAction, input);
}

/** Sets a channel's visibility (ops). */
export async function setChannelVisibilityFromPage(input: unknown): Promise<ActionResult<{ channelId: string; visibility: string | null }>> {
  return performAction(setChannelVisibilityAction, input);
}

/** Changes a member's role and/or membership status in a channel (ops). */
export async function updateChannelMemberFromPage(input: unknown): Promise<ActionResult<{ channelId: string; userId: string; role: string | null; status: string | null }>> {
  return performAction(updateChannelMemberAction, input);
}

/** Repairs every channel's sequence numbers (ops); answers the service's report. */
export async function repairSequenceNumbersFromPage(input: unknown): Promise<ActionResult<RepairSequenceReport>> {
  return performAction(repairSequenceAction, input);
}
