'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { breakGlassStartBulkJob, startBulkJob } from '@/app/(console)/_actions/jobs';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { RequestApproval } from '@/components/approvals/request-approval';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ApprovalGate } from '@/lib/approvals/gate';
import { jobHref } from '@/lib/entities/hrefs';

interface PlannedJobStartProps {
  jobId: string;
  total: number;
  noun: string;
  approval: ApprovalGate | null;
  /** The incident the dialog was opened from: the started job is linked to it. */
  incidentId?: string;
}

/** A planned job's start, confirmed by typing its count (or asked of a second operator when the policy says so). */
export function PlannedJobStart({ jobId, total, noun, approval, incidentId }: PlannedJobStartProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [confirmation, setConfirmation] = useState('');
  const confirmed = Number(confirmation) === total && confirmation.trim() !== '';
  const start = () =>
    startTransition(async () => {
      const result = await callAction(() =>
        startBulkJob({ jobId, confirmCount: Number(confirmation), ...(incidentId ? { incidentId } : {}) }),
      );
      announceActionResult(result, 'Job started');
      if (result.ok) router.replace(jobHref(jobId));
    });
  if (total === 0) return <p className="text-sm">Nothing matches: there is nothing to run.</p>;
  return (
    <div className="space-y-3 text-sm">
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor="job-confirm">Type {total} to confirm</Label>
          <Input
            id="job-confirm"
            inputMode="numeric"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            autoComplete="off"
            className="w-40"
          />
        </div>
        {approval ? null : (
          <Button disabled={pending || !confirmed} onClick={start}>
            {pending ? 'Starting…' : `Start job for ${total.toLocaleString('en-US')} ${noun}`}
          </Button>
        )}
      </div>
      {approval ? (
        <RequestApproval
          action="job.start"
          params={{ jobId, confirmCount: Number(confirmation) }}
          breakGlass={(reason) => breakGlassStartBulkJob({ jobId, confirmCount: Number(confirmation) }, reason)}
          gate={approval}
          incompleteReason={confirmed ? null : `Type ${total} to confirm first.`}
          fallbackHref={jobHref(jobId)}
        />
      ) : null}
    </div>
  );
}
