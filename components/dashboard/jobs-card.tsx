import { Link } from '@/components/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { jobHref, jobsHref } from '@/lib/entities/hrefs';
import { type JobSummary, describeJobAction } from '@/lib/jobs/store';
import { formatUtc } from '@/lib/time';

function JobLine({ job }: { job: JobSummary }) {
  const { done, total, failed } = job.counts;
  const percent = total > 0 ? Math.round((done / total) * 100) : 100;
  const action = describeJobAction(job);
  return (
    <li className="space-y-1" data-testid="dashboard-job" data-job-id={job.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link className="text-primary underline underline-offset-2" href={jobHref(job.id)}>
          {action}
        </Link>
        <Badge variant={job.status === 'running' ? 'warning' : 'secondary'}>{job.status}</Badge>
      </div>
      <div
        className="h-1.5 overflow-hidden rounded bg-muted"
        role="progressbar"
        aria-label={`${action}: progress`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">
        {done.toLocaleString('en-US')} of {total.toLocaleString('en-US')} done
        {failed ? (
          <>
            ,{' '}
            <Link className="font-medium text-destructive underline" href={jobHref(job.id, { items: 'failed' })}>
              {failed.toLocaleString('en-US')} failed
            </Link>
          </>
        ) : null}
        {' · '}
        {job.createdBy.email}, {formatUtc(job.finishedAt ?? job.startedAt ?? job.createdAt)}
      </p>
    </li>
  );
}

/** Bulk jobs running now, and the latest finished ones, with progress and failures linked. */
export function JobsCard({ running, finished }: { running: JobSummary[]; finished: JobSummary[] }) {
  return (
    <Card data-testid="dashboard-jobs">
      <CardHeader row className="items-baseline justify-between gap-2">
        <CardTitle className="text-base">Bulk jobs</CardTitle>
        <Link className="text-sm underline" href={jobsHref()}>
          All jobs
        </Link>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <section aria-label="Running jobs" className="space-y-2">
          <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Running</h3>
          {running.length === 0 ? (
            <p className="text-muted-foreground">No job is running.</p>
          ) : (
            <ul className="space-y-3">
              {running.map((job) => (
                <JobLine key={job.id} job={job} />
              ))}
            </ul>
          )}
        </section>
        <section aria-label="Recently finished jobs" className="space-y-2">
          <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Recently finished</h3>
          {finished.length === 0 ? (
            <p className="text-muted-foreground">No job has finished yet.</p>
          ) : (
            <ul className="space-y-3">
              {finished.map((job) => (
                <JobLine key={job.id} job={job} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
