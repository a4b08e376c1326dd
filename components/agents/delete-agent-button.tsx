'use client';

import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { deleteAgent } from '@/app/(console)/_actions/agents';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';

/** Soft-deletes one of the operator's agents after a confirmation; the page is read again after. */
export function DeleteAgentButton({ agentId, agentName, disabledReason }: { agentId: string; agentName: string; disabledReason: string | null }) {
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
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : setOpen(next))}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabledReason !== null} title={disabledReason ?? undefined}>
          <Trash2 aria-hidden /> Delete agent
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {agentName}?</DialogTitle>
          <DialogDescription>
            The service soft-deletes the agent and its workspaces: it stays on record, marked deleted, and its tokens stop working.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={pending} onClick={confirm}>
            {pending ? 'Deleting…' : 'Delete agent'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
