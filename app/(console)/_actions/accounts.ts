'use server';

import type { ActionResult } from '@/lib/actions/define';
import { mergeUsersAction } from '@/lib/actions/accounts';
import { performAction } from '@/lib/actions/server';

/** Merges one account into another (ops); the kept user's page then shows what moved. */
export async function mergeAccounts(input: unknown): Promise<ActionResult<{ targetId: string; mergeId: string }>> {
  const result = await performAction(mergeUsersAction, input);
  return result.ok ? { ok: true, data: { targetId: result.data.targetId, mergeId: result.data.mergeId }, requestId: result.requestId } : result;
}
