'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { breakGlassMergeAccounts, mergeAccounts } from '@/app/(console)/_actions/accounts';
import { callAction } from '@/components/action-feedback';
import { RequestApproval } from '@/components/approvals/request-approval';
import { RefusalNote } from '@/components/refusal-note';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ActionError } from '@/lib/actions/guard/define';
import type { ApprovalGate } from '@/lib/approvals/gate';
import type { ActionPermission } from '@/lib/auth/roles';

interface MergeConfirmFormProps {
  sourceId: string;
  targetId: string;
  /** The folded account's e-mail, which the operator types. */
  confirmation: string;
  direction: string;
  /** Whether the operator's role may merge, and if not why (shown beside the disabled controls). */
  permission: ActionPermission;
  /** Set when the four-eyes policy covers merges: the form requests approval instead of merging. */
  approval: ApprovalGate | null;
}

/**
 * The last step of a merge: type the folded account's e-mail, submit. The server reads both
 * accounts again and refuses anything the preview would refuse; on success the kept user's page
 * shows what moved.
 */
export function MergeConfirmForm({
  sourceId,
  targetId,
  confirmation,
  direction,
  permission,
  approval,
}: MergeConfirmFormProps) {
  const allowed = permission.allowed;
  const describedBy = allowed ? undefined : 'merge-refused';
  const router = useRouter();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const matches = typed.trim().toLowerCase() === confirmation.trim().toLowerCase();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      setError(null);
      const result = await callAction(() =>
        mergeAccounts({ sourceUserId: sourceId, targetUserId: targetId, confirmEmail: typed }),
      );
      if (result.ok)
        router.push(`/users/${encodeURIComponent(result.data.targetId)}?merged=${encodeURIComponent(sourceId)}`);
      else setError(result.error);
    });
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-md border border-destructive/50 p-4"
      data-testid="merge-confirm"
    >
      <p className="text-sm font-medium">{direction}</p>
      <p className="text-sm text-muted-foreground">
        The console cannot undo a merge. To confirm, type the e-mail of the account that stops existing.
      </p>
      <div className="space-y-1">
        <Label htmlFor="merge-confirm-email">
          Type <code className="select-all">{confirmation}</code> to confirm
        </Label>
        <Input
          id="merge-confirm-email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          disabled={!allowed || pending}
          aria-describedby={describedBy}
          className="w-full max-w-md"
        />
      </div>
      {approval ? (
        <RequestApproval
          action="user.merge"
          params={{ sourceUserId: sourceId, targetUserId: targetId, confirmEmail: typed.trim() }}
          breakGlass={(reason) =>
            breakGlassMergeAccounts(
              { sourceUserId: sourceId, targetUserId: targetId, confirmEmail: typed.trim() },
              reason,
            )
          }
          gate={approval}
          incompleteReason={matches ? null : "Type the folded account's e-mail first."}
        />
      ) : null}
      {error ? (
        <Alert variant="destructive">
          <AlertTitle>
            Nothing was merged{error.kind === 'upstream' ? ' (the service refused or failed)' : ''}
          </AlertTitle>
          <AlertDescription>
            {error.message}
            {error.fieldErrors ? ` ${Object.values(error.fieldErrors).flat().join(' ')}` : ''}
            {error.failure?.requestId ? ` Request id ${error.failure.requestId}.` : ''}
          </AlertDescription>
        </Alert>
      ) : null}
      {approval ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            variant="destructive"
            disabled={!allowed || pending || !matches}
            aria-describedby={describedBy}
          >
            {pending ? 'Merging…' : 'Merge accounts'}
          </Button>
          <RefusalNote id="merge-refused" permission={permission} className="basis-auto" />
        </div>
      )}
    </form>
  );
}
