import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { AttentionCard } from '@/components/dashboard/attention-card';
import { JobsCard } from '@/components/dashboard/jobs-card';
import { LeadsCard } from '@/components/dashboard/leads-card';
import { StuckCards } from '@/components/dashboard/stuck-cards';
import { ParamIssues } from '@/components/param-issues';
import { StatisticsDashboardCard } from '@/components/statistics/dashboard-card';
import { StuckTrendCard } from '@/components/stuck-trend/stuck-trend-card';
import { AffectedWorkspaceLink } from '@/components/triage/affected-workspace-link';
import { AutoRefresh } from '@/components/triage/auto-refresh';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UpstreamFailurePanel } from '@/components/upstream-failure';
import { readOrphanCounts } from '@/lib/accounts/data';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { readDashboard } from '@/lib/dashboard/data';
import { DASHBOARD_REFRESH_SECONDS, dashboardAlertCount } from '@/lib/dashboard/settings';
import { requestTime } from '@/lib/request-time';
import { paramReader, type SearchParams } from '@/lib/search-params';
import { lastCompleteDays } from '@/lib/statistics/days';
import { readStatisticsReview } from '@/lib/statistics/read';
import { formatUtcTime } from '@/lib/time';
import { refreshSchema, stuckHref } from '@/lib/triage/search-params';
import { defaultThresholdMinutes } from '@/lib/triage/settings';
import { ruleHref } from '@/lib/watch/paths';

export const metadata: Metadata = { title: 'Dashboard' };

const number = (value: number) => value.toLocaleString('en-US');
const unavailable = (
  <p className="text-sm text-muted-foreground">The console database did not answer; reload to try again.</p>
);

export default async function DashboardPage({ searchParams }: { searchParams: SearchParams }) {
  const { upstream, operator } = await requireAdminSession();
  const reader = paramReader(await searchParams);
  const refresh =
    reader.read('refresh', refreshSchema, `refreshing every ${DASHBOARD_REFRESH_SECONDS} seconds`) ??
    DASHBOARD_REFRESH_SECONDS;
  const issues = reader.finish('dashboard');
  const now = requestTime();
  const threshold = defaultThresholdMinutes();
  // Every read goes out at once; the names and the previous reading follow the ones they need.
  const [dashboard, statistics, orphans] = await Promise.all([
    readDashboard(upstream, operator.id, threshold, now),
    readFromService(readStatisticsReview(upstream, { range: lastCompleteDays(7, now), timeZone: 'UTC' }, now)),
    readFromService(readOrphanCounts(upstream)),
  ]);
  const { userCount, stuck, previous, workspaces, jobs, attention, lead } = dashboard;
  const failure = !userCount.ok ? userCount.failure : !stuck.ok ? stuck.failure : null;
  const dashboardRule = lead.ok ? lead.data.dashboardRule : null;
  const alertAt = dashboardAlertCount(dashboardRule);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <AutoRefresh
          seconds={refresh}
          renderedAt={new Date(now).toISOString()}
          pauseHref="/?refresh=0"
          resumeHref="/"
        />
      </div>
      <ParamIssues issues={issues} />
      {failure ? <UpstreamFailurePanel failure={failure} retryHref="/" /> : null}
      <LeadsCard leads={lead.ok ? lead.data : null} now={now} />

      <section aria-labelledby="dashboard-stuck-heading" className="space-y-3">
        {/* The rule's link beside the heading, not in it: the heading names the section alone. */}
        <div className="flex flex-wrap items-baseline gap-x-2">
          <h2 id="dashboard-stuck-heading" className="text-lg font-semibold">
            Stuck messages{' '}
            <span className="text-sm font-normal text-muted-foreground">read at {formatUtcTime(new Date(now))}</span>
          </h2>
          {dashboardRule ? (
            <Link className="text-sm underline" href={ruleHref(dashboardRule.id)} data-testid="dashboard-stuck-rule">
              coloured by the rule “{dashboardRule.name}” ({dashboardRule.enabled ? dashboardRule.state : 'disabled'})
            </Link>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {stuck.ok ? (
            <StuckCards counts={stuck.counts} previous={previous} threshold={threshold} alertAt={alertAt} />
          ) : null}
          <Card>
            <CardHeader>
              <CardDescription>Users</CardDescription>
              <CardTitle className="text-3xl tabular-nums" data-testid="user-count">
                {userCount.ok ? (
                  <Link className="hover:underline" href="/users">
                    {number(userCount.data)}
                  </Link>
                ) : (
                  '—'
                )}
              </CardTitle>
            </CardHeader>
            <CardContent className="text-xs text-muted-foreground">
              Accounts at the service.{' '}
              <Link className="underline" href="/users?verified=false">
                Unverified ones
              </Link>
            </CardContent>
          </Card>
        </div>
      </section>

      <StuckTrendCard openIncidentHref="/incidents/new" />

      <div className="grid gap-4 lg:grid-cols-2">
        {jobs.ok ? (
          <JobsCard running={jobs.data.running} finished={jobs.data.finished} />
        ) : (
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Bulk jobs</CardTitle>
            </CardHeader>
            <CardContent>{unavailable}</CardContent>
          </Card>
        )}
        {attention.ok ? (
          <AttentionCard rows={attention.data} />
        ) : (
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Failed and refused actions</CardTitle>
            </CardHeader>
            <CardContent>{unavailable}</CardContent>
          </Card>
        )}
      </div>

      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <Card data-testid="dashboard-workspaces">
          <CardHeader>
            <CardTitle className="text-base">Most affected workspaces</CardTitle>
            <CardDescription>
              {workspaces.ok
                ? `Among the ${workspaces.examined === workspaces.total ? '' : `oldest ${number(workspaces.examined)} of `}${number(workspaces.total)} stuck messages.`
                : 'The service did not answer.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {workspaces.ok && workspaces.rows.length > 0 ? (
              <ol className="space-y-1 text-sm">
                {workspaces.rows.map((entry) => (
                  <li key={entry.guid} className="flex justify-between gap-2">
                    <AffectedWorkspaceLink
                      guid={entry.guid}
                      name={entry.name ? { name: entry.name } : undefined}
                      href={stuckHref({ query: { threshold, statuses: [] }, refresh: 30 }, { workspace: entry.guid })}
                    />
                    <span className="tabular-nums">{number(entry.count)}</span>
                  </li>
                ))}
              </ol>
            ) : workspaces.ok ? (
              <p className="text-sm text-muted-foreground">Nothing is stuck.</p>
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Orphaned records</CardDescription>
            <CardTitle className="text-3xl tabular-nums" data-testid="dashboard-orphans">
              {orphans.ok ? number(orphans.data.channels + orphans.data.notifications) : '—'}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 text-xs text-muted-foreground">
            {orphans.ok ? (
              <>
                <Link className="block underline" href="/channels/orphaned">
                  {number(orphans.data.channels)} channels with a missing parent
                </Link>
                <Link className="block underline" href="/notifications/orphaned">
                  {number(orphans.data.notifications)} notifications with a missing parent
                </Link>
              </>
            ) : (
              'The service did not answer the orphan reports.'
            )}
          </CardContent>
        </Card>
        <StatisticsDashboardCard read={statistics} />
      </div>
    </div>
  );
}
