'use client';

import { useActionState, useId, useState } from 'react';
import {
  breakGlassDeleteDomain,
  deleteDomain,
  type DomainTarget,
  type DomainWriteState,
} from '@/app/(console)/_actions/domains';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { RequestApproval } from '@/components/approvals/request-approval';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { DialogFrame } from '@/components/dialog-frame';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ApprovalGate } from '@/lib/approvals/gate';
import { checkHostname } from '@/lib/domains/hostname-check';

export interface DeleteDomainDialogProps {
  target: DomainTarget;
  workspaceLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Set under the four-eyes policy: the dialog requests approval instead of deleting. */
  approval: ApprovalGate | null;
}

/**
 * Deletes a domain once the operator has typed it (either form). The server action reads the list
 * again, so the row leaves the table when the service has deleted it.
 */
export function DeleteDomainDialog({ target, workspaceLabel, open, onOpenChange, approval }: DeleteDomainDialogProps) {
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [state, submit, pending] = useActionState(async (previous: DomainWriteState, form: FormData) => {
    const result = await callAction(() => deleteDomain(target, previous, form));
    if (result.ok) {
      announceActionResult(result, `Domain ${target.domain} deleted`);
      onOpenChange(false);
    }
    return result;
  }, null);
  const typedCheck = checkHostname(typed);
  const matches = typedCheck.ok && typedCheck.ascii === target.domain;

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      title={`Delete ${target.domain}?`}
      description={`The domain is removed from workspace ${workspaceLabel} at the service. This cannot be undone from the console.`}
      actions={
        approval ? null : (
          <Button type="submit" form={`${ids}-form`} variant="destructive" disabled={pending || !matches}>
            {pending ? 'Deleting…' : 'Delete domain'}
          </Button>
        )
      }
    >
      <form
        id={`${ids}-form`}
        action={submit}
        onSubmit={(event) => (matches ? undefined : event.preventDefault())}
        className="space-y-1.5"
      >
        <Label htmlFor={`${ids}-confirm`}>
          Type <span className="font-mono">{target.domain}</span> to confirm
        </Label>
        <Input
          id={`${ids}-confirm`}
          name="confirm"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          className="w-full"
        />
      </form>
      {state && !state.ok ? <ActionErrorAlert error={state.error} testId="domain-action-error" /> : null}
      {approval ? (
        <RequestApproval
          action="domain.delete"
          params={{
            id: target.id,
            confirm: typed,
            before: { domain: target.domain, workspaceGuid: target.workspaceGuid },
          }}
          breakGlass={(reason) =>
            breakGlassDeleteDomain(
              {
                id: target.id,
                confirm: typed,
                before: { domain: target.domain, workspaceGuid: target.workspaceGuid },
              },
              reason,
            )
          }
          gate={approval}
          incompleteReason={matches ? null : `Type ${target.domain} first.`}
          fallbackHref="/domains"
        />
      ) : null}
    </DialogFrame>
  );
}
