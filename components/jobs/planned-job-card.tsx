import { DryRunSampleTable } from '@/components/jobs/dry-run-sample-table';
import { PlannedJobStart } from '@/components/jobs/planned-job-start';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { ApprovalGate } from '@/lib/approvals/gate';
import { ITEM_NOUNS, JOB_ACTION_LABELS, type ItemKindName, type Job } from '@/lib/jobs/types';

const AT_TARGET: Readonly<Record<ItemKindName, string>> = {
  message: 'already at the target status',
  user: 'already verified',
};

/**
 * A planned job waiting for its start: the dry run's summary, as the dialog shows it, and the
 * typed-count confirmation. Where an operator lands after a dry run read in the background, or
 * comes back to a dry run whose dialog was closed.
 */
export function PlannedJobCard({
  job,
  kind,
  approval,
  canStart,
  refusedReason,
  incidentId,
}: {
  job: Job;
  kind: ItemKindName;
  approval: ApprovalGate | null;
  canStart: boolean;
  refusedReason: string | null;
  incidentId?: string;
}) {
  const noun = ITEM_NOUNS[kind];
  const dryRun = job.dryRun;
  return (
    <Card data-testid="planned-job">
      <CardHeader>
        <CardTitle className="text-base">Dry run done: confirm to start</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p data-testid="dry-run-summary">
          Dry run: <strong data-testid="dry-run-count">{job.total.toLocaleString('en-US')}</strong> {noun.many} will get{' '}
          <strong>{JOB_ACTION_LABELS[job.action]}</strong>
          {job.params.status ? ` to “${job.params.status}”` : ''}. Nothing has been sent yet.
        </p>
        {dryRun ? (
          <>
            <p className="text-muted-foreground">
              Current statuses:{' '}
              {Object.entries(dryRun.statusCounts)
                .map(([name, count]) => `${name} ${count.toLocaleString('en-US')}`)
                .join(', ') || 'none'}
              {dryRun.alreadyAtTarget > 0
                ? `; ${dryRun.alreadyAtTarget.toLocaleString('en-US')} ${AT_TARGET[kind]} will be skipped`
                : ''}
              {dryRun.reportedTotal !== null && dryRun.reportedTotal !== job.total
                ? `; the service counted ${dryRun.reportedTotal.toLocaleString('en-US')} when the read began (the set moved while it was read)`
                : ''}
              . Read in {dryRun.pages.toLocaleString('en-US')} pages, {Math.round(dryRun.durationMs / 1000)} s.
            </p>
            <DryRunSampleTable sample={dryRun.sample} kind={kind} />
          </>
        ) : null}
        {canStart ? (
          <PlannedJobStart
            jobId={job.id}
            total={job.total}
            noun={noun.many}
            approval={approval}
            incidentId={incidentId}
          />
        ) : (
          <p className="text-muted-foreground">Start: {refusedReason}</p>
        )}
      </CardContent>
    </Card>
  );
}
