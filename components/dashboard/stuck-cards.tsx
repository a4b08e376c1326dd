import { Link } from '@/components/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { StuckReading } from '@/lib/dashboard/readings';
import { stuckSeverity, type Severity } from '@/lib/dashboard/settings';
import { statusLabel } from '@/lib/status-labels';
import { formatUtcTime } from '@/lib/time';
import { stuckHref } from '@/lib/triage/search-params';
import type { WATCHABLE_STATUSES } from '@/lib/triage/stuck-rules';
import { cn } from '@/lib/utils';

type WatchedStatus = (typeof WATCHABLE_STATUSES)[number];

/** Colour and word together: the word carries the meaning for whoever does not see the colour. */
const SEVERITY: Record<Severity, { word: string; badge: 'success' | 'warning' | 'destructive'; card: string }> = {
  ok: { word: 'Clear', badge: 'success', card: 'border-l-4 border-l-success' },
  warning: { word: 'Watch', badge: 'warning', card: 'border-l-4 border-l-warning' },
  alert: { word: 'Alert', badge: 'destructive', card: 'border-l-4 border-l-destructive' },
};

function Direction({ now, before }: { now: number; before: number | undefined }) {
  if (before === undefined) return <span>no earlier reading</span>;
  const change = now - before;
  if (change === 0) return <span>unchanged</span>;
  return (
    <span className={change > 0 ? 'font-medium text-foreground' : undefined}>
      <span aria-hidden="true">{change > 0 ? '▲' : '▼'}</span> {change > 0 ? 'up' : 'down'}{' '}
      {Math.abs(change).toLocaleString('en-US')}
    </span>
  );
}

/**
 * One card per watched status: how many messages are stuck in it, coloured by severity against
 * the alert count, the direction since a reading a quarter of an hour earlier (or the earliest
 * kept), and a link to the queue narrowed to it.
 */
export function StuckCards({
  counts,
  previous,
  threshold,
  alertAt,
}: {
  counts: Partial<Record<WatchedStatus, number>>;
  previous: StuckReading | null;
  threshold: number;
  alertAt: number;
}) {
  return (
    <>
      {(Object.entries(counts) as [WatchedStatus, number][]).map(([status, count]) => {
        const severity = SEVERITY[stuckSeverity(count, alertAt)];
        return (
          <Card
            key={status}
            className={cn(severity.card)}
            data-testid={`dashboard-stuck-card-${status}`}
            data-severity={stuckSeverity(count, alertAt)}
          >
            <CardHeader>
              <CardDescription className="flex items-center justify-between gap-2">
                <span>
                  Stuck in {statusLabel(status)}
                  {statusLabel(status) === status ? null : <span className="font-mono text-xs"> ({status})</span>}
                </span>
                <Badge variant={severity.badge}>{severity.word}</Badge>
              </CardDescription>
              <CardTitle className="text-3xl tabular-nums" data-testid={`dashboard-stuck-${status}`}>
                <Link
                  className="hover:underline"
                  href={stuckHref({ query: { threshold, statuses: [status] }, refresh: 30 })}
                >
                  {count.toLocaleString('en-US')}
                </Link>
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-1 text-xs text-muted-foreground">
              <p data-testid={`dashboard-direction-${status}`}>
                <Direction now={count} before={previous?.counts[status]} />
                {previous ? <> since {formatUtcTime(previous.readAt)}</> : null}
              </p>
              <p>
                Not updated for {threshold} minutes or more; alert from {alertAt.toLocaleString('en-US')}.
              </p>
            </CardContent>
          </Card>
        );
      })}
    </>
  );
}
