/** Actions on user accounts. */
import { z } from 'zod';
import { setUserVerified } from '@/lib/upstream/admin';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { defineAction } from './guard/define';

const userId = serviceIdSchema('user id');

export const setVerifiedAction = defineAction({
  name: 'user.set_verified',
  requiredRole: 'support',
  input: z.object({ userId }),
  target: (input) => ({ type: 'user', ids: [input.userId] }),
  run: ({ upstream }, input) => setUserVerified(upstream, input.userId),
});
