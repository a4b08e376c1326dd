'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { breakGlassSetWorkspaceOwner, setWorkspaceOwnerFromPage } from '@/app/(console)/_actions/structure';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { RequestApproval } from '@/components/approvals/request-approval';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RefusalNote } from '@/components/refusal-note';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import type { ApprovalGate } from '@/lib/approvals/gate';
import type { ActionPermission } from '@/lib/auth/roles';

export interface OwnerCandidate {
  id: string;
  name: string;
  isOwner: boolean;
}

interface SetOwnerFormProps {
  workspaceGuid: string;
  workspaceName: string;
  members: readonly OwnerCandidate[];
  /** Whether the owner can be set here, and if not why (shown beside the disabled controls). */
  permission: ActionPermission;
  /** Set under the four-eyes policy: the operator requests approval instead of confirming. */
  approval: ApprovalGate | null;
}

/** Pick a member (the current owner marked), confirm, and read the workspace back. */
export function SetOwnerForm({ workspaceGuid, workspaceName, members, permission, approval }: SetOwnerFormProps) {
  const allowed = permission.allowed;
  const describedBy = allowed ? undefined : 'set-owner-refused';
  const router = useRouter();
  const [chosen, setChosen] = useState('');
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const current = members.find((member) => member.isOwner);
  const next = members.find((member) => member.id === chosen);
  const confirm = () =>
    startTransition(async () => {
      const result = await callAction(() => setWorkspaceOwnerFromPage({ workspaceGuid, userId: chosen }));
      announceActionResult(result, 'Owner changed');
      setOpen(false);
      router.refresh();
    });
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="set-owner">
      <div className="space-y-1">
        <Label htmlFor="new-owner">New owner (members only)</Label>
        <NativeSelect
          id="new-owner"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          disabled={!allowed || pending}
          aria-describedby={describedBy}
          className="w-80"
        >
          <option value="">Choose a member…</option>
          {members.map((member) => (
            <option key={member.id} value={member.id} disabled={member.isOwner}>
              {member.name}
              {member.isOwner ? ' (current owner)' : ''}
            </option>
          ))}
        </NativeSelect>
      </div>
      {approval ? null : (
        <Button disabled={!allowed || !next || pending} aria-describedby={describedBy} onClick={() => setOpen(true)}>
          Make owner…
        </Button>
      )}
      <RefusalNote id="set-owner-refused" permission={permission} className="basis-full" />
      {approval ? (
        <div className="basis-full">
          <RequestApproval
            action="workspace.set_owner"
            params={{ workspaceGuid, userId: chosen }}
            breakGlass={(reason) => breakGlassSetWorkspaceOwner({ workspaceGuid, userId: chosen }, reason)}
            gate={approval}
            incompleteReason={next ? null : 'Choose the new owner first.'}
          />
        </div>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        pending={pending}
        title="Change the owner of this workspace?"
        description={
          <>
            <bdi>{next?.name}</bdi> becomes the owner of <bdi>{workspaceName}</bdi>
            {current ? (
              <>
                ; <bdi>{current.name}</bdi> stays on as an admin
              </>
            ) : null}
            .
          </>
        }
        confirmLabel="Make owner"
        pendingLabel="Changing…"
        onConfirm={confirm}
      />
    </div>
  );
}
