'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { cancelBulkJob, retryJobPlanning } from '@/app/(console)/_actions/jobs';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { Button } from '@/components/ui/button';

/** A background dry run's commands: stop it (cancel; "discard" once it failed) and, once it failed, read on. */
export function PlanningControls({ jobId, failed }: { jobId: string; failed: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const act = (run: () => Promise<void>) =>
    startTransition(async () => {
      await run();
      router.refresh();
    });
  return (
    <div className="flex flex-wrap gap-2">
      {failed ? (
        <Button
          size="sm"
          disabled={pending}
          onClick={() =>
            act(async () =>
              announceActionResult(await callAction(() => retryJobPlanning({ jobId })), 'Planning resumed'),
            )
          }
        >
          Retry planning
        </Button>
      ) : null}
      <Button
        variant={failed ? 'outline' : 'destructive'}
        size="sm"
        disabled={pending}
        onClick={() =>
          act(async () =>
            announceActionResult(
              await callAction(() => cancelBulkJob({ jobId })),
              failed ? 'Dry run discarded' : 'Planning cancelled',
            ),
          )
        }
      >
        {failed ? 'Discard dry run' : 'Cancel planning'}
      </Button>
    </div>
  );
}
