'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import {
  breakGlassStartBulkJob,
  cancelBulkJob,
  planJobRevert,
  retryFailedJobItems,
  startBulkJob,
  type PlannedJob,
} from '@/app/(console)/_actions/jobs';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { RequestApproval } from '@/components/approvals/request-approval';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { jobHref } from '@/lib/entities/hrefs';

interface JobControlsProps {
  jobId: string;
  canCancel: boolean;
  failed: number;
  revertibleItems: number;
}

/** Cancel, retry failed, and revert (a dry run first, then a confirmed start of the revert job). */
export function JobControls({ jobId, canCancel, failed, revertibleItems }: JobControlsProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [revert, setRevert] = useState<PlannedJob | null>(null);
  const [confirmation, setConfirmation] = useState('');

  const act = (run: () => Promise<void>) =>
    startTransition(async () => {
      await run();
      router.refresh();
    });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {canCancel ? (
          <Button
            variant="destructive"
            size="sm"
            disabled={pending}
            onClick={() =>
              act(async () => announceActionResult(await callAction(() => cancelBulkJob({ jobId })), 'Job cancelled'))
            }
          >
            Cancel job
          </Button>
        ) : null}
        {failed > 0 ? (
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            onClick={() =>
              act(async () =>
                announceActionResult(
                  await callAction(() => retryFailedJobItems({ jobId })),
                  `Retrying ${failed} failed items`,
                ),
              )
            }
          >
            Retry failed ({failed})
          </Button>
        ) : null}
        {revertibleItems > 0 && !revert ? (
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            onClick={() =>
              act(async () => {
                const result = await callAction(() => planJobRevert({ jobId }));
                if (result.ok) setRevert(result.data);
                else announceActionResult(result, '');
              })
            }
          >
            Plan revert ({revertibleItems})
          </Button>
        ) : null}
      </div>
      {revert ? (
        <div className="space-y-2 rounded-md border p-3 text-sm" data-testid="revert-plan">
          <p>
            Revert dry run: <strong>{revert.total}</strong> messages go back to the status each had before this job.
          </p>
          <div className="flex items-end gap-2">
            <div className="space-y-1">
              <Label htmlFor="revert-confirm">Type {revert.total} to confirm</Label>
              <Input
                id="revert-confirm"
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
                autoComplete="off"
                className="w-full"
              />
            </div>
            {revert.approval ? null : (
              <Button
                size="sm"
                disabled={
                  pending || revert.total === 0 || confirmation.trim() === '' || Number(confirmation) !== revert.total
                }
                onClick={() =>
                  act(async () => {
                    const result = await callAction(() =>
                      startBulkJob({ jobId: revert.jobId, confirmCount: Number(confirmation) }),
                    );
                    announceActionResult(result, 'Revert job started');
                    if (result.ok) router.push(jobHref(revert.jobId));
                  })
                }
              >
                Start revert
              </Button>
            )}
          </div>
          {revert.approval && revert.total > 0 ? (
            // A revert always needs a second operator (lib/approvals/policy.ts): ask, or break glass.
            <RequestApproval
              action="job.start"
              params={{ jobId: revert.jobId, confirmCount: Number(confirmation) }}
              breakGlass={(reason) =>
                breakGlassStartBulkJob({ jobId: revert.jobId, confirmCount: Number(confirmation) }, reason)
              }
              gate={revert.approval}
              incompleteReason={Number(confirmation) === revert.total ? null : `Type ${revert.total} to confirm first.`}
              fallbackHref={jobHref(revert.jobId)}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
