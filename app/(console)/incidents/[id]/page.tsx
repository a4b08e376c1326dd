import type { Metadata } from 'next';
import { SectionCard } from '@/components/section-card';
import { Link } from '@/components/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { AuditEntriesStatic } from '@/components/audit/audit-entries-static';
import { AffectedWorkspacesList } from '@/components/incidents/affected-workspaces';
import { IncidentNoteForm, IncidentStatusControls, LinkJobForm } from '@/components/incidents/incident-commands';
import { IncidentTimeline } from '@/components/incidents/incident-timeline';
import { STATUS_VARIANT } from '@/components/incidents/incidents-table';
import { PrintButton } from '@/components/incidents/print-button';
import { JOBS_TABLE, JobsTable } from '@/components/jobs/jobs-table';
import { statusColors } from '@/components/statistics/colors';
import { TrendPanel } from '@/components/stuck-trend/trend-panel';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { UpstreamFailurePanel } from '@/components/upstream-failure';
import { addIncidentNoteAction, linkIncidentJobAction, setIncidentStatusAction } from '@/lib/actions/incidents';
import { permissionsFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { readNames } from '@/lib/entities/names';
import { readIncident } from '@/lib/incidents/data';
import { incidentHref, incidentReportHref } from '@/lib/incidents/paths';
import { incidentStuckHref } from '@/lib/incidents/hrefs';
import { durationSince, timeToMitigate } from '@/lib/incidents/report';
import { describeScope, namesOrIds, scopeNameRequest } from '@/lib/incidents/types';
import { SEVERITY_LABELS } from '@/lib/incidents/values';
import { toJobRow } from '@/lib/jobs/store';
import { requestTime } from '@/lib/request-time';
import { defaultTableParams } from '@/lib/search-params/table';
import { formatUtc } from '@/lib/time';
import { defaultThresholdMinutes } from '@/lib/triage/settings';
import { ruleHref } from '@/lib/watch/paths';
import './print.css';

export const metadata: Metadata = { title: 'Incident' };

/** A section is not split across printed pages (print.css). */
function Section(props: { title: string; children: React.ReactNode; testId?: string }) {
  return <SectionCard className="incident-section" {...props} />;
}

export default async function IncidentPage({ params }: { params: Promise<{ id: string }> }) {
  const { operator, upstream } = await requireAdminSession();
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const now = requestTime();
  const read = await readIncident(id, upstream, now);
  if (!read) notFound();
  const { incident, rule, events, jobs, trend, trendStatuses, actions, affectedNow } = read;
  const can = permissionsFor(operator.role, {
    note: addIncidentNoteAction,
    status: setIncidentStatusAction,
    link: linkIncidentJobAction,
  });
  const jobRows = jobs.map(toJobRow);
  // The names of the scope's and the affected workspaces (then and now) and of the scope's
  // channels: one batch read per entity, ids where it fails.
  const inScope = scopeNameRequest([incident.scope]);
  const names = await readNames(upstream, {
    workspaces: [
      ...inScope.workspaces,
      ...[...(incident.affectedAtOpen?.workspaces ?? []), ...(affectedNow.ok ? affectedNow.data.workspaces : [])]
        .map((entry) => entry.workspaceGuid)
        .filter((guid) => guid !== '(none)'),
    ],
    channels: inScope.channels,
  });
  const startLabel = incident.openedAt.toISOString().slice(11, 16);
  const notes = events.filter((event) => event.kind === 'note').length;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <p className="text-sm text-muted-foreground incident-no-print">
            <Link className="underline" href="/incidents">
              Incidents
            </Link>
          </p>
          <h1 className="text-2xl font-semibold tracking-tight" data-testid="incident-title">
            {incident.title}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="outline">{SEVERITY_LABELS[incident.severity]}</Badge>
            <Badge variant={STATUS_VARIANT[incident.status]} data-testid="incident-status">
              {incident.status}
            </Badge>
            <span className="text-muted-foreground">
              Opened {formatUtc(incident.openedAt)} by {incident.openedBy.email}
            </span>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {rule ? (
              <>
                <dt className="text-muted-foreground">Opened by the rule</dt>
                <dd>
                  <Link className="underline" href={ruleHref(rule.id)} data-testid="incident-rule-link">
                    {rule.name}
                  </Link>
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Scope</dt>
            <dd data-testid="incident-scope" title={describeScope(incident.scope)}>
              {describeScope(incident.scope, namesOrIds(names))}
            </dd>
            <dt className="text-muted-foreground">Time to mitigate</dt>
            <dd data-testid="incident-ttm">{timeToMitigate(incident)}</dd>
            <dt className="text-muted-foreground">Time to resolve</dt>
            <dd data-testid="incident-ttr">{durationSince(incident.openedAt, incident.resolvedAt)}</dd>
          </dl>
        </div>
        <div className="flex flex-wrap items-center gap-2 incident-no-print">
          <Button asChild size="sm" variant="outline">
            <a href={incidentReportHref(incident.id)} download data-testid="incident-report-link">
              Export report (Markdown)
            </a>
          </Button>
          <PrintButton />
        </div>
      </div>

      <IncidentStatusControls incidentId={incident.id} status={incident.status} permission={can.status} />

      <Section title="Stuck messages by the minute" testId="incident-trend">
        {trend.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No samples yet for this scope: the console samples it every minute while the incident is not resolved.
          </p>
        ) : (
          <TrendPanel
            points={trend}
            statuses={trendStatuses}
            colors={statusColors(trendStatuses)}
            caption={`Stuck messages per status in the incident's scope from ${formatUtc(read.window.from)}`}
            height={220}
            marker={{ label: startLabel, text: 'opened' }}
            testId="incident-trend-panel"
          />
        )}
      </Section>

      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Most affected workspaces at the start">
          <AffectedWorkspacesList
            affected={incident.affectedAtOpen}
            testId="affected-then"
            missing="The service could not be read when the incident was opened."
            names={names}
          />
        </Section>
        <Section title="Most affected workspaces now">
          {affectedNow.ok ? (
            <AffectedWorkspacesList affected={affectedNow.data} testId="affected-now" missing="" names={names} />
          ) : (
            <UpstreamFailurePanel failure={affectedNow.failure} retryHref={incidentHref(incident.id)} />
          )}
        </Section>
      </div>

      <Section title={`Remediation jobs (${jobs.length})`} testId="incident-jobs">
        <div className="flex flex-wrap items-center gap-3 incident-no-print">
          <Button asChild size="sm">
            <Link href={incidentStuckHref(incident, defaultThresholdMinutes())} data-testid="incident-remediate-link">
              Remediate in the stuck queue
            </Link>
          </Button>
          <span className="text-sm text-muted-foreground">
            The stuck queue opens filtered to this scope
            {incident.scope.workspaces.length > 1 || incident.scope.channels.length > 1
              ? ' (its first workspace and channel)'
              : ''}
            ; bulk jobs started there are linked here.
          </span>
        </div>
        <JobsTable rows={jobRows} page={1} table={defaultTableParams(JOBS_TABLE)} total={jobRows.length} />
        <LinkJobForm incidentId={incident.id} permission={can.link} />
      </Section>

      <Section title={`Operators' actions in the incident's window (${actions.length})`} testId="incident-actions">
        <p className="text-xs text-muted-foreground">
          From {formatUtc(read.window.from)} to {incident.resolvedAt ? formatUtc(read.window.to) : 'now'}
          {incident.scope.workspaces.length + incident.scope.channels.length + incident.scope.statuses.length > 0
            ? ", on this incident, its jobs and the scope's workspaces and channels"
            : ', every action (the incident has no scope)'}
          , oldest first.
        </p>
        <AuditEntriesStatic rows={actions} empty="No operator action in this window yet." />
      </Section>

      <Section title={`Timeline (${notes} ${notes === 1 ? 'note' : 'notes'})`} testId="incident-notes">
        <IncidentTimeline events={events} />
        <IncidentNoteForm incidentId={incident.id} permission={can.note} />
      </Section>
    </div>
  );
}
