/** One function per /admin endpoint of the spec (the /admin/ra reads are in ra.ts). */
import { z } from 'zod';
import type { UpstreamClient } from './client';
import { userSchema } from './contract';

const userPath = (id: string) => encodeURIComponent(id);

/** PUT /admin/user/set_verified/{id}; idempotent at the service. ASSUMPTION: answers the user. */
export async function setUserVerified(client: UpstreamClient, userId: string) {
  const response = await client.request({
    method: 'PUT',
    path: `/admin/user/set_verified/${userPath(userId)}`,
    schema: z.looseObject({ success: z.literal(true), user: userSchema }),
    idempotent: true,
  });
  return response.data.user;
}
