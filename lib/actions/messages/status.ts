/**
 * Setting one message's status, and setting it back. Both read the message first, so the
 * result says what the status was; the revert is its own action (`message.revert_status` in the
 * audit log, with the status it undoes as `from`), guarded like the change it undoes, and applies
 * only while the message still has the status that change set.
 */
import { z } from 'zod';
import { ActionRejectedError } from '@/lib/rejected';
import type { UpstreamClient } from '@/lib/upstream/client';
import { messageSchema, serviceIdSchema, type Message } from '@/lib/upstream/contract';
import { messageOperation, messageStatusSchema } from '@/lib/upstream/message-operations';
import { getRecord } from '@/lib/upstream/ra';
import { defineAction } from '../guard/define';

export interface StatusChange {
  /** The message as the service answered the change (null: its answer did not carry it). */
  message: Message | null;
  /** The status read just before the change. */
  previousStatus: string;
}

const messageGuid = serviceIdSchema('message id');

async function changeStatus(
  upstream: UpstreamClient,
  guid: string,
  status: string,
  expected?: string,
): Promise<StatusChange> {
  const before = await getRecord(upstream, 'messages', guid, messageSchema);
  if (expected !== undefined && before.status !== expected) {
    throw new ActionRejectedError(
      `The message's status is now ${before.status}, not ${expected}: someone changed it since, so nothing was set back.`,
      'status_changed',
    );
  }
  return {
    message: await messageOperation(upstream, 'message.set_status', guid, status),
    previousStatus: before.status,
  };
}

const summary = (change: StatusChange) =>
  `status was ${change.previousStatus}${change.message ? `, now ${change.message.status}` : ''}`;

export const setMessageStatusAction = defineAction({
  name: 'message.set_status',
  requiredRole: 'ops',
  input: z.object({ messageGuid, status: messageStatusSchema }),
  target: (input) => ({ type: 'message', ids: [input.messageGuid] }),
  run: ({ upstream }, input) => changeStatus(upstream, input.messageGuid, input.status),
  summary,
});

export const revertMessageStatusAction = defineAction({
  name: 'message.revert_status',
  // The same role as the change it undoes, by construction.
  requiredRole: setMessageStatusAction.requiredRole,
  input: z.object({ messageGuid, status: messageStatusSchema, from: messageStatusSchema }),
  target: (input) => ({ type: 'message', ids: [input.messageGuid] }),
  run: ({ upstream }, input) => changeStatus(upstream, input.messageGuid, input.status, input.from),
  summary,
});
