/**
 * The four operations on one message (/admin/ra/message/{guid}/...): the one place their
 * method, path and idempotency are written, for the workbench's buttons (messageOperation: the
 * record or null) and the bulk jobs (sendMessageOperation: the whole response, whose
 * X-RateLimit-* headers feed the runner's pacer). The spec lists no success body for them: the
 * record when the answer carries it, null for any other 2xx answer.
 */
import { z } from 'zod';
import type { UpstreamClient, UpstreamResponse } from './client';
import { answeredRecord } from './admin';
import { isDotSegment, messageOperationResultSchema, pathSegment } from './contract';
import type { MessageOperation } from './message-operation-names';

/**
 * A status to set, for one message and in bulk alike. The service accepts any string; the
 * console limits it to a sane token so nothing odd lands in a URL path.
 */
export const messageStatusSchema = z
  .string()
  .trim()
  .min(1, 'a status is required')
  .max(40, 'a status is at most 40 characters')
  .regex(/^[\w.-]+$/, 'a status is letters, digits, "-", "_" or "."')
  .refine((value) => !isDotSegment(value), 'a status cannot be "." or ".."');

export type MessageOperationResult = z.infer<typeof messageOperationResultSchema>;

const messagePath = (guid: string) => `/admin/ra/message/${pathSegment(guid)}`;

function operationRequest(operation: MessageOperation, messageGuid: string, status: string) {
  switch (operation) {
    case 'message.reprocess':
      // Not idempotent: a retry may reprocess twice.
      return { method: 'POST', path: `${messagePath(messageGuid)}/reprocess`, idempotent: false } as const;
    case 'message.set_status':
      return {
        method: 'PUT',
        path: `${messagePath(messageGuid)}/status/${pathSegment(status)}`,
        idempotent: true,
      } as const;
    case 'message.create_mp3':
      // A GET that changes state: never cached (the client sends cache: no-store) or prefetched.
      return { method: 'GET', path: `${messagePath(messageGuid)}/createMP3`, idempotent: false } as const;
    case 'message.recreate_waveform':
      return { method: 'GET', path: `${messagePath(messageGuid)}/recreateWaveform`, idempotent: false } as const;
  }
}

/** The path an operation calls for a message (tests count the service's request log by it). */
export function operationPath(operation: MessageOperation, messageGuid: string, status?: string): string {
  return operationRequest(operation, messageGuid, status ?? '').path;
}

/** Sends the operation and returns the whole response. `status` is required for set_status. */
export function sendMessageOperation(
  client: UpstreamClient,
  operation: MessageOperation,
  messageGuid: string,
  status: string | null,
  signal?: AbortSignal,
): Promise<UpstreamResponse<MessageOperationResult>> {
  if (operation === 'message.set_status' && !status)
    throw new Error(`set_status of ${messageGuid} has no target status`);
  return client.request({
    ...operationRequest(operation, messageGuid, status ?? ''),
    schema: messageOperationResultSchema,
    signal,
  });
}

/** Sends the operation and returns the message the answer carries, or null. */
export function messageOperation(
  client: UpstreamClient,
  operation: MessageOperation,
  messageGuid: string,
  status: string | null = null,
  signal?: AbortSignal,
) {
  return answeredRecord(sendMessageOperation(client, operation, messageGuid, status, signal));
}
