'use server';

import { refresh } from 'next/cache';
import type { ActionResult } from '@/lib/actions/guard/define';
import {
  createMp3Action,
  recreateWaveformAction,
  reprocessMessageAction,
  revertMessageStatusAction,
  setMessageStatusAction,
  type StatusChange,
} from '@/lib/actions/messages';
import { performAction } from '@/lib/actions/guard/server';
import type { Message } from '@/lib/upstream/contract';

/** What the workbench needs back: the message's state as the service now reports it (null: its answer did not say). */
export type MessageState = { id: string; status: string } | null;
/** A button's last answer, for useActionState: null before its first click. */
export type MessageActionState = ActionResult<MessageState> | null;

function messageState(result: ActionResult<Message | null>): ActionResult<MessageState> {
  return result.ok
    ? { ...result, data: result.data ? { id: result.data.id, status: result.data.status } : null }
    : result;
}

// Each one-click action is a form's action with the message in a field, so it also runs without
// JavaScript. The id is a field rather than bound with `.bind()`: a client component's bound
// action never finishes a submission without JavaScript (vercel/next.js#98045). The page is read
// again from the service whatever the outcome.

export async function reprocessMessage(
  _previous: MessageActionState,
  form: FormData,
): Promise<ActionResult<MessageState>> {
  const result = await performAction(reprocessMessageAction, { messageGuid: form.get('messageGuid') });
  refresh();
  return messageState(result);
}

export async function createMessageMp3(
  _previous: MessageActionState,
  form: FormData,
): Promise<ActionResult<MessageState>> {
  const result = await performAction(createMp3Action, { messageGuid: form.get('messageGuid') });
  refresh();
  return messageState(result);
}

export async function recreateMessageWaveform(
  _previous: MessageActionState,
  form: FormData,
): Promise<ActionResult<MessageState>> {
  const result = await performAction(recreateWaveformAction, { messageGuid: form.get('messageGuid') });
  refresh();
  return messageState(result);
}

/** A status change's outcome: the message's state now, and its status just before. */
export type StatusChangeState = { status: string | null; previousStatus: string };

function statusChangeState(result: ActionResult<StatusChange>): ActionResult<StatusChangeState> {
  if (!result.ok) return result;
  const { message, previousStatus } = result.data;
  return { ...result, data: { status: message?.status ?? null, previousStatus } };
}

export async function setMessageStatus(input: unknown): Promise<ActionResult<StatusChangeState>> {
  return statusChangeState(await performAction(setMessageStatusAction, input));
}

/** Sets a message's status back to what a change found, if the message still has that change's status. */
export async function revertMessageStatus(input: unknown): Promise<ActionResult<StatusChangeState>> {
  return statusChangeState(await performAction(revertMessageStatusAction, input));
}
