/** Actions on one message: the workbench's buttons. Bulk versions run as jobs (lib/jobs). */
import { z } from 'zod';
import { createMp3, recreateWaveform, reprocessMessage, setMessageStatus } from '@/lib/upstream/admin';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { defineAction } from './define';

const messageGuid = serviceIdSchema('message id');
function messageTarget(input: { messageGuid: string }) {
  return { type: 'message', ids: [input.messageGuid] };
}

/**
 * A status to set. The service accepts any string; the console limits it to a sane token so
 * nothing odd lands in a URL path (the workbench warns before an unknown one).
 */
export const statusValueSchema = z
  .string()
  .trim()
  .min(1, 'a status is required')
  .max(40, 'a status is at most 40 characters')
  .regex(/^[a-z0-9][a-z0-9_-]*$/i, 'a status is letters, digits, - and _');

export const reprocessMessageAction = defineAction({
  name: 'message.reprocess',
  requiredRole: 'support',
  input: z.object({ messageGuid }),
  target: (input) => messageTarget(input),
  run: ({ upstream }, input) => reprocessMessage(upstream, input.messageGuid),
});

export const setMessageStatusAction = defineAction({
  name: 'message.set_status',
  requiredRole: 'ops',
  input: z.object({ messageGuid, status: statusValueSchema }),
  target: (input) => messageTarget(input),
  run: ({ upstream }, input) => setMessageStatus(upstream, input.messageGuid, input.status),
});

export const createMp3Action = defineAction({
  name: 'message.create_mp3',
  requiredRole: 'support',
  input: z.object({ messageGuid }),
  target: (input) => messageTarget(input),
  run: ({ upstream }, input) => createMp3(upstream, input.messageGuid),
});

export const recreateWaveformAction = defineAction({
  name: 'message.recreate_waveform',
  requiredRole: 'support',
  input: z.object({ messageGuid }),
  target: (input) => messageTarget(input),
  run: ({ upstream }, input) => recreateWaveform(upstream, input.messageGuid),
});
