/** Actions on user accounts. */
import { z } from 'zod';
import { setUserVerified } from '@/lib/upstream/admin';
import { defineAction } from './define';

const userId = z.string().trim().min(1, 'a user id is required').max(200);

export const setVerifiedAction = defineAction({
  name: 'user.set_verified',
  requiredRole: 'support',
  input: z.object({ userId }),
  target: (input) => ({ type: 'user', ids: [input.userId] }),
  run: ({ upstream }, input) => setUserVerified(upstream, input.userId),
});
