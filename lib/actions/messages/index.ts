/** Actions on one message: the workbench's buttons. Bulk versions run as jobs (lib/jobs). */
import { z } from 'zod';
import type { ConsoleRole } from '@/lib/auth/roles';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { messageOperation } from '@/lib/upstream/message-operations';
import { type MessageOperation } from '@/lib/upstream/message-operation-names';
import { defineAction } from '../guard/define';

const messageGuid = serviceIdSchema('message id');

/** An operation without parameters, as an action named after it. */
function operationAction(name: Exclude<MessageOperation, 'message.set_status'>, requiredRole: ConsoleRole) {
  return defineAction({
    name,
    requiredRole,
    input: z.object({ messageGuid }),
    target: (input) => ({ type: 'message', ids: [input.messageGuid] }),
    run: ({ upstream }, input) => messageOperation(upstream, name, input.messageGuid),
  });
}

export const reprocessMessageAction = operationAction('message.reprocess', 'support');
export const createMp3Action = operationAction('message.create_mp3', 'support');
export const recreateWaveformAction = operationAction('message.recreate_waveform', 'support');

export { revertMessageStatusAction, setMessageStatusAction, type StatusChange } from './status';
