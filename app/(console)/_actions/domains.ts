'use server';

import { revalidatePath } from 'next/cache';
import type { ActionResult } from '@/lib/actions/guard/define';
import { createDomainAction, deleteDomainAction, updateDomainAction } from '@/lib/actions/domains';
import { performAction } from '@/lib/actions/guard/server';
import { breakGlassAuthorization } from '@/lib/approvals/enforce';
import { resultHrefOf } from '@/lib/approvals/registry';
import type { Domain } from '@/lib/upstream/contract';

/** What a write answers: the record as the service stored it, or why not (a duplicate's refusal links to it). */
export type DomainWriteResult = ActionResult<Domain | null>;
/** A dialog's last answer, for useActionState: null before its first submit. */
export type DomainWriteState = DomainWriteResult | null;

/** The domain a row's dialog works on, as the operator saw it: the action checks it is still so. */
export interface DomainTarget {
  id: string;
  domain: string;
  workspaceGuid: string;
}

const seen = (target: DomainTarget) => ({ domain: target.domain, workspaceGuid: target.workspaceGuid });

/** Creates a domain (ops); the list is read again from the service either way. */
export async function createDomain(_previous: DomainWriteState, form: FormData): Promise<DomainWriteResult> {
  const result = await performAction(createDomainAction, {
    domain: form.get('domain'),
    workspaceGuid: form.get('workspaceGuid'),
  });
  revalidatePath('/domains');
  return result;
}

/** Renames a domain or moves it to another workspace (ops). */
export async function updateDomain(
  target: DomainTarget,
  _previous: DomainWriteState,
  form: FormData,
): Promise<DomainWriteResult> {
  const result = await performAction(updateDomainAction, {
    id: target.id,
    before: seen(target),
    domain: form.get('domain'),
    workspaceGuid: form.get('workspaceGuid'),
  });
  revalidatePath('/domains');
  return result;
}

/** Deletes a domain once the operator has typed its name (`confirm`) (ops). */
export async function deleteDomain(
  target: DomainTarget,
  _previous: DomainWriteState,
  form: FormData,
): Promise<DomainWriteResult> {
  const result = await performAction(deleteDomainAction, {
    id: target.id,
    before: seen(target),
    confirm: form.get('confirm'),
  });
  revalidatePath('/domains');
  return result;
}

/** Runs it now without approval, with the operator's typed reason (break-glass, ops); reviewed on the approvals page after. */
export async function breakGlassDeleteDomain(
  params: unknown,
  reason: unknown,
): Promise<ActionResult<{ resultHref: string | null }>> {
  const run = await performAction(deleteDomainAction, params, { authorization: breakGlassAuthorization(reason) });
  return run.ok ? { ...run, data: { resultHref: resultHrefOf('domain.delete', params, run.data) } } : run;
}
