'use client';

import { useId, useState } from 'react';
import { deleteDomain } from '@/app/(console)/_actions/domains';
import { RequestApproval } from '@/components/approvals/request-approval';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ApprovalGate } from '@/lib/approvals/gate';
import { checkHostname } from '@/lib/domains/hostname-check';
import { DomainActionError } from './action-error';
import type { EditedDomain } from './domain-form-dialog';
import { useDomainWrite } from './use-domain-write';

interface DeleteDomainDialogProps {
  target: EditedDomain;
  workspaceLabel: string;
  /** Null when a row's button opens it (domain-row-dialogs.tsx). */
  trigger: React.ReactNode;
  /** Opened by its first click (components/lazy-dialog.tsx), or by a row's button. */
  defaultOpen?: boolean;
  /** Set under the four-eyes policy: the dialog requests approval instead of deleting. */
  approval: ApprovalGate | null;
}

/** Deletes a domain once the operator has typed it (either form); the list is read again after. */
export function DeleteDomainDialog({ target, workspaceLabel, trigger, approval, defaultOpen = false }: DeleteDomainDialogProps) {
  const ids = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [typed, setTyped] = useState('');
  const { pending, failure, setFailure, write } = useDomainWrite(() => setOpen(false));
  const typedCheck = checkHostname(typed);
  const matches = typedCheck.ok && typedCheck.ascii === target.domain;

  const confirm = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!matches) return;
    write(() => deleteDomain({ id: target.id, confirm: typed, before: { domain: target.domain, workspaceGuid: target.workspaceGuid } }), `Domain ${target.domain} deleted`);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (next) {
          setTyped('');
          setFailure(null);
        }
        setOpen(next);
      }}
    >
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {target.domain}?</DialogTitle>
          <DialogDescription>
            The domain is removed from workspace {workspaceLabel} at the service. This cannot be undone from the console.
          </DialogDescription>
        </DialogHeader>
        <form id={`${ids}-form`} onSubmit={confirm} className="space-y-1.5">
          <Label htmlFor={`${ids}-confirm`}>
            Type <span className="font-mono">{target.domain}</span> to confirm
          </Label>
          <Input id={`${ids}-confirm`} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} className="w-full" />
        </form>
        {failure ? <DomainActionError result={failure} /> : null}
        {approval ? (
          <RequestApproval
            action="domain.delete"
            params={{ id: target.id, confirm: typed, before: { domain: target.domain, workspaceGuid: target.workspaceGuid } }}
            gate={approval}
            incompleteReason={matches ? null : `Type ${target.domain} first.`}
            fallbackHref="/domains"
          />
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={() => setOpen(false)}>
            Cancel
          </Button>
          {approval ? null : (
            <Button type="submit" form={`${ids}-form`} variant="destructive" disabled={pending || !matches}>
              {pending ? 'Deleting…' : 'Delete domain'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
