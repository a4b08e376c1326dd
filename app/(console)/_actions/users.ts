'use server';

import type { ActionResult } from '@/lib/actions/guard/define';
import { performAction } from '@/lib/actions/guard/server';
import { setVerifiedAction } from '@/lib/actions/users';

/** Marks a user verified at the service (support and ops). */
export async function markUserVerified(
  input: unknown,
): Promise<ActionResult<{ id: string; verified: boolean } | null>> {
  const result = await performAction(setVerifiedAction, input);
  return result.ok
    ? {
        ok: true,
        data: result.data ? { id: result.data.id, verified: result.data.verified } : null,
        requestId: result.requestId,
      }
    : result;
}
