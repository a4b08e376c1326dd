'use server';

import type { ActionDefinition, ActionResult } from '@/lib/actions/define';
import { createMp3Action, recreateWaveformAction, reprocessMessageAction } from '@/lib/actions/messages';
import { revertMessageStatusAction, setMessageStatusAction, type StatusChange } from '@/lib/actions/message-status';
import { performAction } from '@/lib/actions/server';
import type { Message } from '@/lib/upstream/contract';

/** What the workbench needs back: the message's state as the service now reports it (null: its answer did not say). */
export type MessageState = { id: string; status: string } | null;

async function run<Input extends Record<string, unknown>>(definition: ActionDefinition<Input, Message | null>, input: unknown): Promise<ActionResult<MessageState>> {
  const result = await performAction(definition, input);
  return result.ok ? { ok: true, data: result.data ? { id: result.data.id, status: result.data.status } : null, requestId: result.requestId } : result;
}

export async function reprocessMessage(input: unknown) {
  return run(reprocessMessageAction, input);
}

/** A status change's outcome: the message's state now, and its status just before. */
export type StatusChangeState = { status: string | null; previousStatus: string };

async function changeStatus(definition: ActionDefinition<Record<string, unknown> & { messageGuid: string }, StatusChange>, input: unknown): Promise<ActionResult<StatusChangeState>> {
  const result = await performAction(definition, input);
  if (!result.ok) return result;
  const { message, previousStatus } = result.data;
  return { ok: true, data: { status: message?.status ?? null, previousStatus }, requestId: result.requestId, ...(result.warning ? { warning: result.warning } : {}) };
}

export async function setMessageStatus(input: unknown) {
  return changeStatus(setMessageStatusAction, input);
}

/** Sets a message's status back to what a change found, if the message still has that change's status. */
export async function revertMessageStatus(input: unknown) {
  return changeStatus(revertMessageStatusAction, input);
}

export async function createMessageMp3(input: unknown) {
  return run(createMp3Action, input);
}

export async function recreateMessageWaveform(input: unknown) {
  return run(recreateWaveformAction, input);
}
