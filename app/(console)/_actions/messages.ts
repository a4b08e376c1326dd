'use server';

import type { ActionDefinition, ActionResult } from '@/lib/actions/define';
import { createMp3Action, recreateWaveformAction, reprocessMessageAction, setMessageStatusAction } from '@/lib/actions/messages';
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

export async function setMessageStatus(input: unknown) {
  return run(setMessageStatusAction, input);
}

export async function createMessageMp3(input: unknown) {
  return run(createMp3Action, input);
}

export async function recreateMessageWaveform(input: unknown) {
  return run(recreateWaveformAction, input);
}
