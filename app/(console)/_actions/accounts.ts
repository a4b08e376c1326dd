'use server';

import type { ActionResult } from '@/lib/actions/guard/define';
import { mergeUsersAction } from '@/lib/actions/accounts';
import { performAction } from '@/lib/actions/guard/server';
import { breakGlassAuthorization } from '@/lib/approvals/enforce';
import { resultHrefOf } from '@/lib/approvals/registry';

/** Merges one account into another (ops); the kept user's page then shows what moved. */
export async function mergeAccounts(input: unknown): Promise<ActionResult<{ targetId: string; mergeId: string }>> {
  const result = await performAction(mergeUsersAction, input);
  return result.ok
    ? { ok: true, data: { targetId: result.data.targetId, mergeId: result.data.mergeId }, requestId: result.requestId }
    : result;
}

/** Runs it now without approval, with the operator's typed reason (break-glass, ops); reviewed on the approvals page after. */
export async function breakGlassMergeAccounts(
  params: unknown,
  reason: unknown,
): Promise<ActionResult<{ resultHref: string | null }>> {
  const run = await performAction(mergeUsersAction, params, { authorization: breakGlassAuthorization(reason) });
  return run.ok ? { ...run, data: { resultHref: resultHrefOf('user.merge', params, run.data) } } : run;
}
