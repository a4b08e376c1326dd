'use client';

import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { deleteAgent } from '@/app/(console)/_actions/agents';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RefusalNote } from '@/components/refusal-note';
import { Button } from '@/components/ui/button';
import type { OwnAgentControlProps } from './own-agent-panel';

/** Soft-deletes one of the operator's agents after a confirmation; the page is read again after. */
export function DeleteAgentButton({ agentId, agentName, permission }: OwnAgentControlProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const confirm = () =>
    startTransition(async () => {
      const result = await callAction(() => deleteAgent({ agentId }));
      announceActionResult(result, `Agent ${agentName} deleted`);
      if (result.ok) setOpen(false);
      router.refresh();
    });
  return (
    <>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        pending={pending}
        trigger={
          <Button
            variant="outline"
            disabled={!permission.allowed}
            aria-describedby={permission.allowed ? undefined : 'delete-agent-refused'}
          >
            <Trash2 aria-hidden /> Delete agent
          </Button>
        }
        title={`Delete ${agentName}?`}
        description="The service soft-deletes the agent and its workspaces: it stays on record, marked deleted, and its tokens stop working."
        confirmLabel="Delete agent"
        pendingLabel="Deleting…"
        destructive
        onConfirm={confirm}
      />
      <RefusalNote id="delete-agent-refused" permission={permission} className="basis-full" />
    </>
  );
}
