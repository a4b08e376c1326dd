import { requestTime } from '@/lib/request-time';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { StatisticsDashboardCard } from '@/components/statistics/dashboard-card';
import { StuckTrendCard } from '@/components/stuck-trend/stuck-trend-card';
import { UpstreamFailurePanel } from '@/components/upstream-failure';
import { readOrphanCounts } from '@/lib/accounts/data';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { lastCompleteDays } from '@/lib/statistics/days';
import { readStatisticsReview } from '@/lib/statistics/read';
import { readDashboardCounts } from '@/lib/triage/data';
import { stuckHref } from '@/lib/triage/search-params';
import { defaultThresholdMinutes } from '@/lib/triage/settings';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const { upstream } = await requireAdminSession();
  const now = requestTime();
  const threshold = defaultThresholdMinutes();
  // The statistics card's read goes out with the counts, not after them.
  const [{ statuses, userCount, stuckCounts }, statistics, orphans] = await Promise.all([
    readDashboardCounts(upstream, threshold, now),
    readFromService(readStatisticsReview(upstream, { range: lastCompleteDays(7, now), timeZone: 'UTC' }, now)),
    readFromService(readOrphanCounts(upstream)),
  ]);
  const failure = !userCount.ok ? userCount.failure : !stuckCounts.ok ? stuckCounts.failure : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card>
          <CardHeader>
            <CardDescription>Users</CardDescription>
            <CardTitle className="text-3xl tabular-nums" data-testid="user-count">
              {userCount.ok ? userCount.data.toLocaleString('en-US') : '—'}
            </CardTitle>
          </CardHeader>
          <CardContent className="text-xs text-muted-foreground">Accounts at the service.</CardContent>
        </Card>
        {statuses.map((status, index) => (
          <Card key={status}>
            <CardHeader>
              <CardDescription>Stuck in {status}</CardDescription>
              <CardTitle className="text-3xl tabular-nums" data-testid={`dashboard-stuck-${status}`}>
                {stuckCounts.ok ? (
                  <Link className="hover:underline" href={stuckHref({ query: { threshold, statuses: [status] }, refresh: 30 })}>
                    {(stuckCounts.data[index] ?? 0).toLocaleString('en-US')}
                  </Link>
                ) : '—'}
              </CardTitle>
            </CardHeader>
            <CardContent className="text-xs text-muted-foreground">Not updated for {threshold} minutes or more.</CardContent>
          </Card>
        ))}
        <Card>
          <CardHeader>
            <CardDescription>Orphaned records</CardDescription>
            <CardTitle className="text-3xl tabular-nums" data-testid="dashboard-orphans">
              {orphans.ok ? (orphans.data.channels + orphans.data.notifications).toLocaleString('en-US') : '—'}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 text-xs text-muted-foreground">
            {orphans.ok ? (
              <>
                <Link className="block underline" href="/channels/orphaned">{orphans.data.channels.toLocaleString('en-US')} channels with a missing parent</Link>
                <Link className="block underline" href="/notifications/orphaned">{orphans.data.notifications.toLocaleString('en-US')} notifications with a missing parent</Link>
              </>
            ) : (
              'The service did not answer the orphan reports.'
            )}
          </CardContent>
        </Card>
        <StatisticsDashboardCard read={statistics} />
      </div>
      {failure ? <UpstreamFailurePanel failure={failure} retryHref="/" /> : null}
      <StuckTrendCard openIncidentHref="/incidents/new" />
    </div>
  );
}
