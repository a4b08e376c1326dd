/**
 * One function per /admin endpoint of the spec (the /admin/ra reads are in ra.ts, the message
 * operations in message-operations.ts). The spec lists
 * no success body for these operations: each returns the record when the answer carries it, and
 * null when the answer is anything else, a body that is not JSON included (done all the same).
 */
import type { UpstreamClient, UpstreamResponse } from './client';
import { pathSegment, setUserVerifiedResultSchema } from './contract';
import { isUnreadableSuccess } from './client/errors';

/** The record a write answered with, or null for any other 2xx answer (see the module comment). */
export async function answeredRecord<T>(call: Promise<UpstreamResponse<T | null>>): Promise<T | null> {
  try {
    return (await call).data;
  } catch (error) {
    if (isUnreadableSuccess(error)) return null;
    throw error;
  }
}

/** PUT /admin/user/set_verified/{id}, the whole response (a bulk job's pacer reads its rate-limit headers); idempotent at the service. */
export function setUserVerifiedRequest(client: UpstreamClient, userId: string, signal?: AbortSignal) {
  return client.request({
    method: 'PUT',
    path: `/admin/user/set_verified/${pathSegment(userId)}`,
    schema: setUserVerifiedResultSchema,
    idempotent: true,
    signal,
  });
}

/** PUT /admin/user/set_verified/{id}: the user as the answer carries it, or null. */
export async function setUserVerified(client: UpstreamClient, userId: string) {
  return answeredRecord(setUserVerifiedRequest(client, userId));
}
