'use client';

import { BadgeCheck } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { markUserVerified } from '@/app/(console)/_actions/users';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RefusalNote } from '@/components/refusal-note';
import { Button } from '@/components/ui/button';
import type { ActionPermission } from '@/lib/auth/roles';

interface VerifyControlProps {
  userId: string;
  name: string;
  verified: boolean;
  /** Whether the signed-in role may verify, and why not when it may not. */
  permission: ActionPermission;
}

/** The verification state, and marking the user verified after a confirmation. */
export function VerifyControl({ userId, name, verified, permission }: VerifyControlProps) {
  const allowed = permission.allowed;
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  if (verified) {
    return (
      <p className="flex items-center gap-2 text-sm" data-testid="verification-state">
        <BadgeCheck className="size-4 text-success" aria-hidden /> This account is verified; there is nothing to do.
      </p>
    );
  }
  const confirm = () =>
    startTransition(async () => {
      const result = await callAction(() => markUserVerified({ userId }));
      announceActionResult(result, 'User marked verified');
      setOpen(false);
      // Read the record back from the service, whatever the outcome.
      router.refresh();
    });
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="verification-state">
      <span>This account is not verified.</span>
      <Button
        size="sm"
        disabled={!allowed}
        aria-describedby={allowed ? undefined : 'verify-refused'}
        onClick={() => setOpen(true)}
      >
        <BadgeCheck className="size-4" aria-hidden /> Mark verified…
      </Button>
      <RefusalNote id="verify-refused" permission={permission} className="basis-auto" />
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        pending={pending}
        title="Mark this account verified?"
        description={
          <>
            <bdi>{name}</bdi> will be marked verified at the service. The console cannot undo this.
          </>
        }
        confirmLabel="Mark verified"
        pendingLabel="Marking verified…"
        onConfirm={confirm}
      />
    </div>
  );
}
