import { PlanningControls } from '@/components/jobs/planning-controls';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { PlanProgress } from '@/lib/jobs/plan';

function formatSeconds(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return seconds < 90 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * A dry run the runners read in the background: how far it got (pages read, items found of the
 * service's count), and its commands. The page refreshes itself meanwhile; once planned, it shows
 * the dry run's summary and the confirmation instead.
 */
export function PlanProgressPanel({
  jobId,
  plan,
  noun,
  canControl,
  refusedReason,
}: {
  jobId: string;
  plan: PlanProgress;
  noun: string;
  canControl: boolean;
  refusedReason: string | null;
}) {
  const failed = plan.state === 'failed';
  const of = plan.reportedTotal;
  const percent = of && of > 0 ? Math.min(100, Math.round((plan.found / of) * 100)) : 0;
  const elapsedMs = plan.updatedAt.getTime() - plan.startedAt.getTime();
  return (
    <Card data-testid="plan-progress">
      <CardHeader>
        <CardTitle className="text-base">{failed ? 'Dry run stopped' : 'Dry run in progress'}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="text-muted-foreground">
          {failed
            ? 'Reading the selection from the service failed. Retry to read on from the last page stored, or discard the dry run.'
            : `The selection is large, so the console reads it from the service in the background, paced to the service's rate limit. Nothing is sent to the ${noun} yet: once every page is read, this page shows the count to confirm.`}
        </p>
        <div
          role="progressbar"
          aria-label="Dry run progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 w-full overflow-hidden rounded bg-muted"
        >
          <div
            className={`h-full transition-all ${failed ? 'bg-destructive' : 'bg-primary'}`}
            style={{ width: `${percent}%` }}
          />
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="plan-counts">
          {(
            [
              [
                'Found',
                `${plan.found.toLocaleString('en-US')}${of !== null ? ` of ${of.toLocaleString('en-US')}` : ''}`,
              ],
              ['Pages read', plan.pages.toLocaleString('en-US')],
              ['Progress', `${percent}%`],
              ['Reading for', formatSeconds(elapsedMs)],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="tabular-nums" data-testid={`plan-count-${label.toLowerCase().replace(' ', '-')}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {failed && plan.error ? (
          <Alert variant="destructive" data-testid="plan-error">
            <AlertTitle>The service failed while the dry run read page {plan.pages + 1}</AlertTitle>
            <AlertDescription className="break-words">{plan.error}</AlertDescription>
          </Alert>
        ) : null}
        {canControl ? (
          <PlanningControls jobId={jobId} failed={failed} />
        ) : (
          <p className="text-muted-foreground">Cancel and retry: {refusedReason}</p>
        )}
      </CardContent>
    </Card>
  );
}
