/**
 * The bulk actions and the one service operation each runs per item: the only mapping from a
 * job's action name to a call. Same paths as lib/upstream/admin.ts, but through client.request
 * directly, because the runner needs the whole response (the X-RateLimit-* headers of successful
 * calls feed the pacer) and admin.ts returns only the message.
 */
import { z } from 'zod';
import type { UpstreamClient, UpstreamResponse } from '@/lib/upstream/client';
import { messagePath, messageStatusPath } from '@/lib/upstream/admin';
import { isDotSegment, messageOperationResultSchema } from '@/lib/upstream/contract';

export const JOB_ACTIONS = ['message.reprocess', 'message.set_status', 'message.create_mp3', 'message.recreate_waveform'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];
export const jobActionSchema = z.enum(JOB_ACTIONS);

export const JOB_ACTION_LABELS: Readonly<Record<JobAction, string>> = {
  'message.reprocess': 'Reprocess',
  'message.set_status': 'Set status',
  'message.create_mp3': 'Create MP3',
  'message.recreate_waveform': 'Recreate waveform',
};

/** A message status as the admin path takes it: the service accepts any string. */
export const targetStatusSchema = z
  .string()
  .trim()
  .min(1, 'a status is required')
  .max(100)
  .regex(/^[\w.-]+$/, 'a status is letters, digits, "-", "_" or "."')
  .refine((value) => !isDotSegment(value), 'a status cannot be "." or ".."');

export type JobParams = { status?: string };

export type MessageOperationResult = z.infer<typeof messageOperationResultSchema>;


/**
 * Runs the action on one message. `targetStatus` is required for set_status (each item carries
 * its own, so a revert can send every message back to where it was).
 */
export function runOperation(
  client: UpstreamClient,
  action: JobAction,
  messageGuid: string,
  targetStatus: string | null,
  signal?: AbortSignal,
): Promise<UpstreamResponse<MessageOperationResult>> {
  const schema = messageOperationResultSchema;
  switch (action) {
    case 'message.reprocess':
      return client.request({ method: 'POST', path: `${messagePath(messageGuid)}/reprocess`, schema, idempotent: false, signal });
    case 'message.set_status':
      if (!targetStatus) throw new Error(`set_status of ${messageGuid} has no target status`);
      return client.request({ method: 'PUT', path: messageStatusPath(messageGuid, targetStatus), schema, idempotent: true, signal });
    case 'message.create_mp3':
      // A GET that changes state: never cached (the client sends cache: no-store).
      return client.request({ method: 'GET', path: `${messagePath(messageGuid)}/createMP3`, schema, idempotent: false, signal });
    case 'message.recreate_waveform':
      return client.request({ method: 'GET', path: `${messagePath(messageGuid)}/recreateWaveform`, schema, idempotent: false, signal });
  }
}

/** The path an action calls for a message (tests count the service's request log by it). */
export function operationPath(action: JobAction, messageGuid: string, targetStatus?: string): string {
  switch (action) {
    case 'message.reprocess':
      return `${messagePath(messageGuid)}/reprocess`;
    case 'message.set_status':
      return messageStatusPath(messageGuid, targetStatus ?? '');
    case 'message.create_mp3':
      return `${messagePath(messageGuid)}/createMP3`;
    case 'message.recreate_waveform':
      return `${messagePath(messageGuid)}/recreateWaveform`;
  }
}
