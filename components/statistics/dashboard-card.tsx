/**
 * The dashboard's statistics card: the last 7 complete days against the 7 before, and the
 * anomalies of those days, from the same review as the statistics page, which it links to.
 */
import { Link } from '@/components/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ServiceRead } from '@/lib/auth/session';
import type { StatisticsReview } from '@/lib/statistics/review';
import { Change } from './comparison-panel';

export function StatisticsDashboardCard({ read }: { read: ServiceRead<StatisticsReview> }) {
  if (!read.ok) {
    return (
      <Card className="sm:col-span-2">
        <CardHeader>
          <CardDescription>Messages, last 7 days</CardDescription>
          <CardTitle className="text-3xl">—</CardTitle>
        </CardHeader>
        <CardContent className="text-xs text-muted-foreground">
          The statistics could not be read: {read.failure.message}
        </CardContent>
      </Card>
    );
  }
  const { comparison, anomalies, range } = read.data;
  const shown = anomalies.anomalies.slice(-3);
  return (
    <Card className="sm:col-span-2" data-testid="dashboard-statistics">
      <CardHeader>
        <CardDescription>
          Messages, {range.from} to {range.to} (UTC)
        </CardDescription>
        <CardTitle className="text-3xl tabular-nums">
          <Link className="hover:underline" href="/statistics">
            {comparison.total.current.toLocaleString('en-US')}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-1 text-xs">
        <p className="text-muted-foreground">
          Against the 7 days before:{' '}
          <Change delta={comparison.total.delta} relative={comparison.total.relative} verdict="neutral" />
          {comparison.statuses
            .filter((row) => row.verdict !== 'neutral')
            .map((row) => (
              <span key={row.status}>
                ; {row.status} <Change delta={row.delta} relative={row.relative} verdict={row.verdict} />
              </span>
            ))}
        </p>
        {anomalies.anomalies.length === 0 ? (
          <p className="text-muted-foreground">No anomalies in these days.</p>
        ) : (
          <div>
            <p className="font-medium text-destructive">
              {anomalies.anomalies.length} {anomalies.anomalies.length === 1 ? 'anomaly' : 'anomalies'}
              {shown.length < anomalies.anomalies.length ? ', the latest:' : ':'}
            </p>
            <ul>
              {shown.map((anomaly) => (
                <li key={`${anomaly.date}/${anomaly.measure}/${anomaly.status ?? ''}`}>
                  {anomaly.date}: {anomaly.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Link className="underline" href="/statistics">
          Review the statistics
        </Link>
      </CardContent>
    </Card>
  );
}
