import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { IncidentsTable, type IncidentListItem } from '@/components/incidents/incidents-table';
import { ParamIssues } from '@/components/param-issues';
import { Button } from '@/components/ui/button';
import { requireAdminSession } from '@/lib/auth/session';
import { readIncidentsPage } from '@/lib/incidents/data';
import { newIncidentHref, parseIncidentsParams } from '@/lib/incidents/hrefs';
import { durationSince } from '@/lib/incidents/report';
import { readNames } from '@/lib/entities/names';
import { describeScope, namesOrIds, scopeNameRequest } from '@/lib/incidents/types';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Incidents' };

const PAGE_SIZE = 50;

export default async function IncidentsPage({ searchParams }: { searchParams: SearchParams }) {
  const { upstream } = await requireAdminSession();
  const { page, problems } = parseIncidentsParams(await searchParams);
  const { rows, total } = await readIncidentsPage({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const nameOf = namesOrIds(await readNames(upstream, scopeNameRequest(rows.map((incident) => incident.scope))));
  const items: IncidentListItem[] = rows.map((incident) => ({
    id: incident.id,
    title: incident.title,
    severity: incident.severity,
    status: incident.status,
    scope: describeScope(incident.scope, nameOf),
    openedAt: incident.openedAt,
    openedBy: incident.openedBy.email,
    timeToMitigate: durationSince(incident.openedAt, incident.mitigatedAt),
    timeToResolve: durationSince(incident.openedAt, incident.resolvedAt),
    notes: incident.notes,
    jobs: incident.jobs,
  }));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Incidents</h1>
        <Button asChild size="sm">
          <Link href={newIncidentHref()}>Open incident</Link>
        </Button>
      </div>
      <ParamIssues issues={problems} />
      <p className="text-sm text-muted-foreground">
        Every incident, newest first: its stuck trend, jobs, operators&apos; actions and notes are on its page.
      </p>
      <IncidentsTable rows={items} page={page} size={PAGE_SIZE} total={total} />
    </div>
  );
}
