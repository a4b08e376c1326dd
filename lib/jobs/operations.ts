/**
 * The bulk actions: the message operations (lib/upstream/message-operations.ts, where their
 * calls are written once) under the names and labels the jobs use.
 */
import { z } from 'zod';
import { MESSAGE_OPERATIONS, type MessageOperation } from '@/lib/upstream/message-operations';

export { operationPath } from '@/lib/upstream/message-operations';

export const JOB_ACTIONS = MESSAGE_OPERATIONS;
export type JobAction = MessageOperation;
export const jobActionSchema = z.enum(JOB_ACTIONS);

export const JOB_ACTION_LABELS: Readonly<Record<JobAction, string>> = {
  'message.reprocess': 'Reprocess',
  'message.set_status': 'Set status',
  'message.create_mp3': 'Create MP3',
  'message.recreate_waveform': 'Recreate waveform',
};

export type JobParams = { status?: string };
