import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { JobControls } from '@/components/jobs/job-controls';
import { JobItemsTable } from '@/components/jobs/job-items-table';
import { PlanProgressPanel } from '@/components/jobs/plan-progress-panel';
import { PlannedJobCard } from '@/components/jobs/planned-job-card';
import { ParamIssues } from '@/components/param-issues';
import { AutoRefresh } from '@/components/triage/auto-refresh';
import { describeJobCoverage, type JobDetail } from '@/lib/jobs/store';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/select-native';
import { Button } from '@/components/ui/button';
import {
  cancelJobAction,
  planRevertAction,
  retryFailedAction,
  retryPlanAction,
  startJobAction,
} from '@/lib/actions/jobs';
import { approvalGateFor } from '@/lib/approvals/gate';
import { permissionsFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { readJobWithItems } from '@/lib/jobs/data';
import { ITEM_NOUNS, JOB_ACTION_LABELS, kindNameOf, ITEM_STATUSES } from '@/lib/jobs/types';
import { readUserNames } from '@/lib/accounts/user-names';
import { jobHref } from '@/lib/entities/hrefs';
import { parseJobPageParams } from '@/lib/jobs/search-params';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Bulk job' };

const ITEMS_PER_PAGE = 100;

function formatEta(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  return `${Math.ceil(seconds / 60)} min`;
}

/** Items a second (a minute, when slower than one a second); an ended job's also says over what. */
function formatRate({ itemsPerSecond, windowSeconds, items, wholeRun }: JobDetail['rate']): string {
  const speed =
    itemsPerSecond === 0 || itemsPerSecond >= 1
      ? `${itemsPerSecond.toFixed(itemsPerSecond >= 10 ? 0 : 1)}/s`
      : `${(itemsPerSecond * 60).toFixed(1)}/min`;
  return wholeRun ? `${speed} (${items} in ${formatEta(windowSeconds)})` : speed;
}

export default async function JobPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParams;
}) {
  const { operator, upstream } = await requireAdminSession();
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const { items: itemStatus, paused, incident, issues } = parseJobPageParams(await searchParams);
  const { job, items, plan } = await readJobWithItems(id, { status: itemStatus, limit: ITEMS_PER_PAGE });
  if (!job) notFound();
  const kind = kindNameOf(job.action);
  // Users by name: one batch read for the page's items.
  const names =
    kind === 'user'
      ? await readUserNames(
          upstream,
          items.rows.map((item) => item.itemId),
        )
      : undefined;
  const running = job.status === 'queued' || job.status === 'running' || job.status === 'cancelling';
  // A dry run read in the background (lib/jobs/plan/background.ts): refreshed while it reads, like a running job.
  const planning = job.status === 'planning' && plan !== null;
  const reading = planning && plan.state === 'reading';
  const planCancelled = plan?.state === 'cancelled';
  const planningRefused = Object.values(
    permissionsFor(operator.role, { cancel: cancelJobAction, retry: retryPlanAction }),
  ).find((permission) => !permission.allowed);
  const start = permissionsFor(operator.role, { start: startJobAction }).start;
  const approval =
    job.status === 'planned' && start.allowed
      ? await approvalGateFor(operator, startJobAction, { jobId: job.id })
      : null;
  const thisJobHref = (pause: boolean) =>
    jobHref(job.id, {
      ...(itemStatus ? { items: itemStatus } : {}),
      ...(incident ? { incident } : {}),
      ...(pause ? { paused: '1' } : {}),
    });
  // One panel for the three commands: shown when the role may use them all, else the reason.
  const controls = Object.values(
    permissionsFor(operator.role, { cancel: cancelJobAction, retry: retryFailedAction, revert: planRevertAction }),
  );
  const refused = controls.find((permission) => !permission.allowed);
  const percent = Math.round(job.progress * 100);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="space-y-1">
          <nav className="text-sm text-muted-foreground">
            <Link href="/jobs" className="hover:underline">
              Bulk jobs
            </Link>{' '}
            / <code>{job.id}</code>
          </nav>
          <h1 className="text-2xl font-semibold tracking-tight">
            {JOB_ACTION_LABELS[job.action]}
            {job.params.status ? ` → ${job.params.status}` : ''} on{' '}
            {planning || planCancelled
              ? `${plan?.reportedTotal?.toLocaleString('en-US') ?? 'the'} matching`
              : job.total.toLocaleString('en-US')}{' '}
            {ITEM_NOUNS[kind].many}
          </h1>
          <p className="text-sm text-muted-foreground">
            By {job.createdBy.email} ({job.createdBy.role}) ·{' '}
            <Badge variant="secondary" data-testid="job-status">
              {job.status}
            </Badge>
            {job.revertsJobId ? (
              <>
                {' '}
                · reverts{' '}
                <Link className="underline" href={jobHref(job.revertsJobId)}>
                  {job.revertsJobId.slice(0, 8)}
                </Link>
              </>
            ) : null}
          </p>
          <p className="text-sm" data-testid="job-covers">
            <span className="text-muted-foreground">Covers: </span>
            {describeJobCoverage(job)}
          </p>
          {planCancelled ? (
            <p className="text-sm" data-testid="plan-cancelled">
              The dry run was cancelled after reading {plan.found.toLocaleString('en-US')}
              {plan.reportedTotal !== null ? ` of ${plan.reportedTotal.toLocaleString('en-US')}` : ''}{' '}
              {ITEM_NOUNS[kind].many}: nothing was sent to the service.
            </p>
          ) : null}
          {job.origin ? (
            <p className="text-sm" data-testid="job-origin">
              <span className="text-muted-foreground">Started from: </span>
              <Link href={job.origin} className="font-mono text-xs underline underline-offset-2 break-all">
                {job.origin}
              </Link>
            </p>
          ) : null}
        </div>
        <AutoRefresh
          seconds={(running || reading) && !paused ? 2 : 0}
          renderedAt={new Date().toISOString()}
          pauseHref={thisJobHref(true)}
          resumeHref={thisJobHref(false)}
          stoppedBecause={
            running || reading
              ? undefined
              : planning
                ? 'the dry run stopped'
                : `the job ${job.status === 'planned' ? 'waits for confirmation' : 'ended'}`
          }
        />
      </div>
      <ParamIssues issues={issues} />

      {planning ? (
        <PlanProgressPanel
          jobId={job.id}
          plan={plan}
          noun={ITEM_NOUNS[kind].many}
          canControl={!planningRefused}
          refusedReason={planningRefused && !planningRefused.allowed ? planningRefused.reason : null}
        />
      ) : null}
      {job.status === 'planned' ? (
        <PlannedJobCard
          job={job}
          kind={kind}
          approval={approval}
          canStart={start.allowed}
          refusedReason={start.allowed ? null : start.reason}
          incidentId={incident}
        />
      ) : null}

      {planning ? null : (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Progress</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <div
              role="progressbar"
              aria-label="Job progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-3 w-full overflow-hidden rounded bg-muted"
            >
              <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
            </div>
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4 lg:grid-cols-8" data-testid="job-counts">
              {(
                [
                  ['Done', `${job.counts.done} / ${job.counts.total}`],
                  ['OK', job.counts.ok],
                  ['Failed', job.counts.failed],
                  ['Skipped', job.counts.skipped],
                  ['Unknown: check before retrying', job.counts.unknown],
                  ['Pending', job.counts.pending],
                  ['In flight', job.counts.inFlight],
                  ['Rate', formatRate(job.rate)],
                  ['ETA', formatEta(job.etaSeconds)],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="tabular-nums" data-testid={`job-count-${label.toLowerCase().replace(' ', '-')}`}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            {refused && !refused.allowed ? (
              <p className="text-sm text-muted-foreground">Cancel, retry and revert: {refused.reason}</p>
            ) : (
              <JobControls
                jobId={job.id}
                canCancel={['planned', 'queued', 'running'].includes(job.status)}
                failed={running ? 0 : job.counts.failed}
                revertibleItems={job.revertibleItems}
              />
            )}
          </CardContent>
        </Card>
      )}

      <section aria-labelledby="items-heading" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="items-heading" className="text-lg font-semibold">
            Items
          </h2>
          <form method="get" className="flex items-end gap-2" aria-label="Item filter">
            <NativeSelect name="items" defaultValue={itemStatus ?? ''} aria-label="Item status" className="w-full">
              <option value="">all</option>
              {ITEM_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </NativeSelect>
            <Button type="submit" size="sm" variant="outline">
              Show
            </Button>
          </form>
        </div>
        <p className="text-sm text-muted-foreground">
          {items.total} items{itemStatus ? ` ${itemStatus}` : ''}
          {items.total > items.rows.length ? `, the first ${items.rows.length} shown` : ''}.
        </p>
        <JobItemsTable rows={items.rows} kind={kind} names={names} />
      </section>
    </div>
  );
}
