/** One function per /admin endpoint of the spec (the /admin/ra reads are in ra.ts). */
import type { UpstreamClient } from './client';
import { messageOperationResultSchema, pathSegment, setUserVerifiedResultSchema } from './contract';

/** PUT /admin/user/set_verified/{id}; idempotent at the service. */
export async function setUserVerified(client: UpstreamClient, userId: string) {
  const response = await client.request({
    method: 'PUT',
    path: `/admin/user/set_verified/${pathSegment(userId)}`,
    schema: setUserVerifiedResultSchema,
    idempotent: true,
  });
  return response.data.user;
}

/** The path of one message's operations (the bulk jobs call the same). */
export const messagePath = (guid: string) => `/admin/ra/message/${pathSegment(guid)}`;
export const messageStatusPath = (guid: string, status: string) => `${messagePath(guid)}/status/${pathSegment(status)}`;

/** POST /admin/ra/message/{guid}/reprocess. Not idempotent: a retry may reprocess twice. */
export async function reprocessMessage(client: UpstreamClient, messageGuid: string, signal?: AbortSignal) {
  const response = await client.request({ method: 'POST', path: `${messagePath(messageGuid)}/reprocess`, schema: messageOperationResultSchema, signal });
  return response.data.message;
}

/** PUT /admin/ra/message/{guid}/status/{status}: the service accepts any string. */
export async function setMessageStatus(client: UpstreamClient, messageGuid: string, status: string, signal?: AbortSignal) {
  const response = await client.request({
    method: 'PUT',
    path: messageStatusPath(messageGuid, status),
    schema: messageOperationResultSchema,
    idempotent: true,
    signal,
  });
  return response.data.message;
}

/** GET /admin/ra/message/{guid}/createMP3: a GET that changes state; never prefetched or cached. */
export async function createMp3(client: UpstreamClient, messageGuid: string, signal?: AbortSignal) {
  const response = await client.request({ method: 'GET', path: `${messagePath(messageGuid)}/createMP3`, schema: messageOperationResultSchema, idempotent: false, signal });
  return response.data.message;
}

/** GET /admin/ra/message/{guid}/recreateWaveform: a GET that changes state. */
export async function recreateWaveform(client: UpstreamClient, messageGuid: string, signal?: AbortSignal) {
  const response = await client.request({ method: 'GET', path: `${messagePath(messageGuid)}/recreateWaveform`, schema: messageOperationResultSchema, idempotent: false, signal });
  return response.data.message;
}
