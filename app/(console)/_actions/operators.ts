'use server';

import { revalidatePath } from 'next/cache';
import type { ActionResult } from '@/lib/actions/guard/define';
import { endOperatorSessionsAction, setOperatorRoleAction, type RoleChangeResult } from '@/lib/actions/operators';
import { performAction } from '@/lib/actions/guard/server';
import { breakGlassAuthorization } from '@/lib/approvals/enforce';
import { resultHrefOf } from '@/lib/approvals/registry';
import { operatorHref } from '@/lib/entities/hrefs';

export type RoleChangeState = ActionResult<RoleChangeResult> | null;
export type EndSessionsState = ActionResult<{ accountId: string; ended: number }> | null;

/** Grants, changes or removes (`none`) the operator's console role (ops; granting ops needs approval). */
export async function setOperatorRole(
  accountId: string,
  _previous: RoleChangeState,
  form: FormData,
): Promise<ActionResult<RoleChangeResult>> {
  const result = await performAction(setOperatorRoleAction, { accountId, role: form.get('role') });
  revalidatePath(operatorHref(accountId));
  return result;
}

/** Ends every session of the operator now, as their own sign-out would (ops). */
export async function endOperatorSessions(
  accountId: string,
  _previous: EndSessionsState,
): Promise<ActionResult<{ accountId: string; ended: number }>> {
  const result = await performAction(endOperatorSessionsAction, { accountId });
  revalidatePath(operatorHref(accountId));
  return result;
}

/** Grants ops now without approval, with the operator's typed reason (break-glass, ops); reviewed on the approvals page after. */
export async function breakGlassGrantOps(
  params: unknown,
  reason: unknown,
): Promise<ActionResult<{ resultHref: string | null }>> {
  const run = await performAction(setOperatorRoleAction, params, { authorization: breakGlassAuthorization(reason) });
  return run.ok ? { ...run, data: { resultHref: resultHrefOf('operator.set_role', params, run.data) } } : run;
}
