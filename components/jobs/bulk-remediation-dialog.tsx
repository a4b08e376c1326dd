'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { breakGlassStartBulkJob, planBulkJob, startBulkJob, type PlannedJob } from '@/app/(console)/_actions/jobs';
import { callAction } from '@/components/action-feedback';
import { RequestApproval } from '@/components/approvals/request-approval';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { DialogFrame } from '@/components/dialog-frame';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import { DryRunSampleTable } from './dry-run-sample-table';
import type { ActionError } from '@/lib/actions/guard/define';
import { jobHref } from '@/lib/entities/hrefs';
import {
  ITEM_NOUNS,
  JOB_ACTION_LABELS,
  jobActionsFor,
  type ItemKindName,
  type JobAction,
  type JobSelection,
} from '@/lib/jobs/types';
import { KNOWN_MESSAGE_STATUSES } from '@/lib/upstream/contract/constants';

/** The view the dialog was opened in, with its URL state: the job links back to it (lib/jobs/plan/origin.ts). */
const currentView = () => `${window.location.pathname}${window.location.search}`;

const TITLES: Readonly<Record<ItemKindName, string>> = { message: 'Bulk remediation', user: 'Bulk verification' };

/** What a set-state action's items already at the target are called in the dry run's summary. */
const AT_TARGET: Readonly<Record<ItemKindName, string>> = {
  message: 'already at the target status',
  user: 'already verified',
};

/**
 * A bulk job in two steps: a dry run (the exact count and a sample, nothing sent), then a start
 * that the operator confirms by typing the count. The job then runs on the server. `kind` is
 * what the selection's ids are (messages by default; users for "mark verified").
 */
export function BulkRemediationDialog({
  selection,
  onClose,
  kind = 'message',
  incidentId,
}: {
  selection: JobSelection;
  onClose: () => void;
  kind?: ItemKindName;
  /** Links the started job to this incident. */
  incidentId?: string;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const actions = jobActionsFor(kind);
  const noun = ITEM_NOUNS[kind];
  const [action, setAction] = useState<JobAction>(actions[0]!);
  const [status, setStatus] = useState('active');
  const [plan, setPlan] = useState<PlannedJob | null>(null);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<ActionError | null>(null);

  const dryRun = () =>
    startTransition(async () => {
      setError(null);
      const result = await callAction(() =>
        planBulkJob({
          action,
          params: action === 'message.set_status' ? { status } : {},
          selection,
          origin: currentView(),
        }),
      );
      // A large selection is read on in the background: its job page shows the progress, then the confirmation.
      if (result.ok && result.data.planning)
        router.push(jobHref(result.data.jobId, incidentId ? { incident: incidentId } : {}));
      else if (result.ok) setPlan(result.data);
      else setError(result.error);
    });

  const start = () =>
    startTransition(async () => {
      if (!plan) return;
      setError(null);
      const result = await callAction(() =>
        startBulkJob({ jobId: plan.jobId, confirmCount: Number(confirmation), ...(incidentId ? { incidentId } : {}) }),
      );
      if (result.ok) router.push(jobHref(plan.jobId));
      else setError(result.error);
    });

  return (
    <DialogFrame
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      pending={pending}
      title={TITLES[kind]}
      description={
        selection.kind === 'ids'
          ? `${selection.ids.length} selected ${noun.many}.`
          : `Every ${noun.one} matching the current filter, read afresh from the service.`
      }
      cancelLabel="Close"
      actions={
        plan?.approval ? null : plan ? (
          <Button disabled={pending || plan.total === 0 || Number(confirmation) !== plan.total} onClick={start}>
            {pending ? 'Starting…' : `Start job for ${plan.total.toLocaleString('en-US')} ${noun.many}`}
          </Button>
        ) : (
          <Button disabled={pending} onClick={dryRun}>
            {pending ? `Reading the ${noun.many}…` : 'Dry run'}
          </Button>
        )
      }
    >
      {plan ? (
        <div className="space-y-3 text-sm">
          <p data-testid="dry-run-summary">
            Dry run: <strong data-testid="dry-run-count">{plan.total.toLocaleString('en-US')}</strong> {noun.many} will
            get <strong>{JOB_ACTION_LABELS[plan.action]}</strong>
            {plan.status ? ` to “${plan.status}”` : ''}. Nothing has been sent yet.
          </p>
          <p className="text-muted-foreground">
            Current statuses:{' '}
            {Object.entries(plan.statusCounts)
              .map(([name, count]) => `${name} ${count}`)
              .join(', ') || 'none'}
            {plan.alreadyAtTarget > 0 ? `; ${plan.alreadyAtTarget} ${AT_TARGET[kind]} will be skipped` : ''}
            {plan.notFoundCount > 0
              ? `; ${plan.notFoundCount} selected ids are unknown to the service and left out`
              : ''}
            .
          </p>
          <DryRunSampleTable sample={plan.sample} kind={kind} />
          {plan.total > 0 ? (
            <div className="space-y-1">
              <Label htmlFor="bulk-confirm">Type {plan.total} to confirm</Label>
              <Input
                id="bulk-confirm"
                inputMode="numeric"
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
                autoComplete="off"
                className="w-full"
              />
            </div>
          ) : (
            <p>Nothing matches: there is nothing to run.</p>
          )}
          {plan.approval && plan.total > 0 ? (
            <RequestApproval
              action="job.start"
              params={{ jobId: plan.jobId, confirmCount: Number(confirmation) }}
              breakGlass={(reason) =>
                breakGlassStartBulkJob({ jobId: plan.jobId, confirmCount: Number(confirmation) }, reason)
              }
              gate={plan.approval}
              incompleteReason={Number(confirmation) === plan.total ? null : `Type ${plan.total} to confirm first.`}
              fallbackHref={jobHref(plan.jobId)}
            />
          ) : null}
        </div>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1">
            <Label htmlFor="bulk-action">Action</Label>
            <NativeSelect
              id="bulk-action"
              value={action}
              onChange={(event) => setAction(event.target.value as JobAction)}
              className="w-full"
            >
              {actions.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {JOB_ACTION_LABELS[candidate]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {action === 'message.set_status' ? (
            <div className="space-y-1">
              <Label htmlFor="bulk-status">New status</Label>
              <NativeSelect
                id="bulk-status"
                value={status}
                onChange={(event) => setStatus(event.target.value)}
                className="w-full"
              >
                {KNOWN_MESSAGE_STATUSES.map((known) => (
                  <option key={known} value={known}>
                    {known}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
        </div>
      )}
      <ActionErrorAlert error={error} />
    </DialogFrame>
  );
}
