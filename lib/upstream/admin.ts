/**
 * One function per /admin endpoint of the spec (the /admin/ra reads are in ra.ts). The spec lists
 * no success body for these operations: each returns the record when the answer carries it, and
 * null when the answer is anything else, a body that is not JSON included (done all the same).
 */
import type { UpstreamClient, UpstreamResponse } from './client';
import { messageOperationResultSchema, pathSegment, setUserVerifiedResultSchema } from './contract';
import { isUnreadableSuccess } from './errors';

async function answeredRecord<T>(call: Promise<UpstreamResponse<T | null>>): Promise<T | null> {
  try {
    return (await call).data;
  } catch (error) {
    if (isUnreadableSuccess(error)) return null;
    throw error;
  }
}

/** PUT /admin/user/set_verified/{id}; idempotent at the service. */
export async function setUserVerified(client: UpstreamClient, userId: string) {
  return answeredRecord(
    client.request({ method: 'PUT', path: `/admin/user/set_verified/${pathSegment(userId)}`, schema: setUserVerifiedResultSchema, idempotent: true }),
  );
}

/** The path of one message's operations (the bulk jobs call the same). */
export const messagePath = (guid: string) => `/admin/ra/message/${pathSegment(guid)}`;
export const messageStatusPath = (guid: string, status: string) => `${messagePath(guid)}/status/${pathSegment(status)}`;

/** POST /admin/ra/message/{guid}/reprocess. Not idempotent: a retry may reprocess twice. */
export async function reprocessMessage(client: UpstreamClient, messageGuid: string, signal?: AbortSignal) {
  return answeredRecord(client.request({ method: 'POST', path: `${messagePath(messageGuid)}/reprocess`, schema: messageOperationResultSchema, signal }));
}

/** PUT /admin/ra/message/{guid}/status/{status}: the service accepts any string. */
export async function setMessageStatus(client: UpstreamClient, messageGuid: string, status: string, signal?: AbortSignal) {
  return answeredRecord(client.request({ method: 'PUT', path: messageStatusPath(messageGuid, status), schema: messageOperationResultSchema, idempotent: true, signal }));
}

/** GET /admin/ra/message/{guid}/createMP3: a GET that changes state; never prefetched or cached. */
export async function createMp3(client: UpstreamClient, messageGuid: string, signal?: AbortSignal) {
  return answeredRecord(client.request({ method: 'GET', path: `${messagePath(messageGuid)}/createMP3`, schema: messageOperationResultSchema, idempotent: false, signal }));
}

/** GET /admin/ra/message/{guid}/recreateWaveform: a GET that changes state. */
export async function recreateWaveform(client: UpstreamClient, messageGuid: string, signal?: AbortSignal) {
  return answeredRecord(client.request({ method: 'GET', path: `${messagePath(messageGuid)}/recreateWaveform`, schema: messageOperationResultSchema, idempotent: false, signal }));
}
