import { requestTime } from '@/lib/request-time';
import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { AutoRefresh } from '@/components/triage/auto-refresh';
import { StuckGroupsTable, type StatusGroups } from '@/components/triage/stuck-groups-table';
import { STUCK_TABLE, StuckTable } from '@/components/triage/stuck-table';
import { StuckViewIncident, StuckViewTrend } from '@/components/incidents/stuck-view-incident';
import { FilterBar } from '@/components/data-table/filters/filter-bar';
import { EntityNamePicker } from '@/components/data-table/filters/entity-name-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ParamIssues } from '@/components/param-issues';
import { UpstreamFailurePanel } from '@/components/upstream-failure';
import { AffectedWorkspaceLink } from '@/components/triage/affected-workspace-link';
import { requireAdminSession } from '@/lib/auth/session';
import { detailHref } from '@/lib/entities/hrefs';
import { readNames } from '@/lib/entities/names';
import { statusLabel } from '@/lib/status-labels';
import { planJobAction } from '@/lib/actions/jobs';
import { permissionFor } from '@/lib/auth/roles';
import type { SearchParams } from '@/lib/search-params';
import { DEFAULT_REFRESH_SECONDS, parseStuckSearchParams, stuckHref } from '@/lib/triage/search-params';
import { defaultThresholdMinutes } from '@/lib/triage/settings';
import { readStuckQueue } from '@/lib/triage/data';
import { AGE_BUCKETS, ARTIFACTS, breakdown, lackingArtifact } from '@/lib/triage/stuck-rules';
import type { Message } from '@/lib/upstream/contract';

export const metadata: Metadata = { title: 'Stuck messages' };

export default async function StuckPage({ searchParams }: { searchParams: SearchParams }) {
  const { upstream, operator } = await requireAdminSession();
  const state = parseStuckSearchParams(await searchParams, defaultThresholdMinutes(), STUCK_TABLE);
  const { query, page, table } = state;
  const size = table.size;
  const now = requestTime();
  const { filter, groupKeys, groups, sample, listed } = await readStuckQueue(upstream, query, page, now, {
    size,
    ageOrder: table.sort.order,
  });

  const failure = [groups, sample, listed].find((read) => read && !read.ok);
  const counts = groups.ok
    ? new Map(groupKeys.map((key, index) => [`${key.status}/${key.age}`, groups.data[index] ?? 0]))
    : null;
  const summary = sample.ok ? breakdown(sample.data.rows) : null;

  // The "missing" groups are read from the sample: the service cannot filter on artifacts.
  const sampleMissing = query.missing && sample.ok ? lackingArtifact(sample.data.rows, query.missing) : null;
  // The sample is oldest first; newest first is the same group reversed.
  const missingGroup = sampleMissing && table.sort.order === 'asc' ? sampleMissing.toReversed() : sampleMissing;
  let rows: Message[] = [];
  let total = 0;
  if (missingGroup) {
    total = missingGroup.length;
    rows = missingGroup.slice((page - 1) * size, page * size);
  } else if (listed?.ok) {
    rows = listed.data.rows;
    total = listed.data.total;
  }
  // The rows' and the top workspaces' names: one read per entity, in parallel, ids on failure.
  const names = await readNames(upstream, {
    users: rows.map((message) => message.creator_guid),
    workspaces: [
      query.workspace,
      ...rows.map((message) => message.workspace_guid),
      ...(summary?.workspaces.map((entry) => entry.workspaceGuid) ?? []),
    ],
    channels: rows.map((message) => message.channel_guids?.[0]),
  });
  const remediate = permissionFor(operator.role, planJobAction);
  const groupRows = (byKey: Map<string, number>): StatusGroups[] =>
    query.statuses.map((status) => {
      const buckets = Object.fromEntries(
        AGE_BUCKETS.map((bucket) => [
          bucket.id,
          {
            count: byKey.get(`${status}/${bucket.id}`) ?? 0,
            href: stuckHref(state, { statuses: [status], age: bucket.id, missing: undefined }),
          },
        ]),
      );
      const count = Object.values(buckets).reduce((sum, bucket) => sum + bucket.count, 0);
      return {
        status,
        buckets,
        all: { count, href: stuckHref(state, { statuses: [status], age: undefined, missing: undefined }) },
      };
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Stuck messages</h1>
        <AutoRefresh
          seconds={state.refresh}
          renderedAt={new Date(now).toISOString()}
          pauseHref={stuckHref(state, { refresh: 0, page })}
          resumeHref={stuckHref(state, { refresh: DEFAULT_REFRESH_SECONDS, page })}
        />
      </div>

      <ParamIssues issues={state.problems} />

      <StuckViewIncident state={state} />

      <FilterBar
        action="/stuck"
        label="Stuck queue filters"
        filters={STUCK_TABLE.filters}
        searchHint={STUCK_TABLE.searchHint}
        values={{
          threshold: String(query.threshold),
          status: query.statuses,
          workspace: query.workspace,
          channel: query.channel,
          creator: query.creator,
        }}
        keep={{ ...(state.incident ? { incident: state.incident } : {}), ...table.kept }}
        extraFields={
          <EntityNamePicker
            key={query.workspace ?? ''}
            entity="workspaces"
            label="Workspace by name"
            idField="workspace"
            currentTitle={query.workspace ? (names[detailHref('workspaces', query.workspace)]?.name ?? null) : null}
          />
        }
      >
        <Button asChild variant="ghost" size="sm">
          <Link href="/stuck">Reset</Link>
        </Button>
      </FilterBar>

      {failure && !failure.ok ? (
        <UpstreamFailurePanel failure={failure.failure} retryHref={stuckHref(state, { page })} />
      ) : null}

      <section aria-labelledby="stuck-list-heading" className="space-y-3">
        <h2 id="stuck-list-heading" className="text-lg font-semibold">
          {table.sort.order === 'desc' ? 'Oldest first' : 'Most recently updated first'}{' '}
          <span className="text-sm font-normal text-muted-foreground" data-testid="stuck-count">
            {total.toLocaleString('en-US')} matching
          </span>
        </h2>
        <StuckTable
          rows={rows}
          now={now}
          total={total}
          page={page}
          table={table}
          viewKey={stuckHref({ query, refresh: state.refresh })}
          returnHref={stuckHref(state, { page })}
          exportHref={stuckHref(state).replace(/^\/stuck\?/, '/api/stuck/export?')}
          permission={remediate}
          incidentId={state.incident}
          names={names}
          selection={
            missingGroup ? { kind: 'ids', ids: missingGroup.map((message) => message.id) } : { kind: 'filter', filter }
          }
          empty={
            <p data-testid="stuck-empty">
              Nothing is stuck in {query.statuses.map(statusLabel).join(', ')} for more than {query.threshold} minutes
              {query.workspace || query.channel || query.creator || query.age || query.missing
                ? ' with these filters'
                : ''}
              .
            </p>
          }
        />
      </section>

      {/* The breakdown follows the list: an operator mid-incident reaches the messages without scrolling. */}
      <section aria-labelledby="stuck-breakdown-heading" className="space-y-4" data-testid="stuck-breakdown">
        <h2 id="stuck-breakdown-heading" className="text-lg font-semibold">
          Breakdown
        </h2>
        <StuckViewTrend state={state} />
        {counts ? (
          <Card>
            <CardHeader>
              <CardTitle className="text-base">By status and time since the last update</CardTitle>
            </CardHeader>
            <CardContent>
              <StuckGroupsTable rows={groupRows(counts)} buckets={AGE_BUCKETS} />
            </CardContent>
          </Card>
        ) : null}

        {summary && sample.ok ? (
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Missing artifacts</CardTitle>
              </CardHeader>
              <CardContent className="space-y-2 text-sm">
                <p className="text-muted-foreground">
                  Among the{' '}
                  {summary.examined === sample.data.total
                    ? summary.examined
                    : `oldest ${summary.examined} of ${sample.data.total}`}{' '}
                  stuck messages.
                </p>
                <ul className="flex flex-wrap gap-2">
                  {ARTIFACTS.map((artifact) => (
                    <li key={artifact.id}>
                      <Link
                        className="rounded-md border px-2 py-1 hover:bg-accent"
                        href={stuckHref(state, { missing: artifact.id })}
                        aria-current={query.missing === artifact.id ? 'true' : undefined}
                      >
                        {artifact.label}: <span className="tabular-nums">{summary.missing[artifact.id]}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Most affected workspaces</CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="space-y-1 text-sm" data-testid="stuck-workspaces">
                  {summary.workspaces.map((entry) => (
                    <li key={entry.workspaceGuid} className="flex justify-between gap-2">
                      <AffectedWorkspaceLink
                        guid={entry.workspaceGuid}
                        name={names[detailHref('workspaces', entry.workspaceGuid)]}
                        href={stuckHref(state, { workspace: entry.workspaceGuid })}
                      />
                      <span className="tabular-nums">{entry.count}</span>
                    </li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          </div>
        ) : null}
      </section>
    </div>
  );
}
