import type { Metadata } from 'next';
import { OpenIncidentForm } from '@/components/incidents/open-incident-form';
import { ParamIssues } from '@/components/param-issues';
import { openIncidentAction } from '@/lib/actions/incidents';
import { permissionFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { parseNewIncidentParams } from '@/lib/incidents/hrefs';
import type { SearchParams } from '@/lib/search-params';
import { WATCHABLE_STATUSES } from '@/lib/triage/stuck-rules';

export const metadata: Metadata = { title: 'Open an incident' };

export default async function NewIncidentPage({ searchParams }: { searchParams: SearchParams }) {
  const { operator } = await requireAdminSession();
  const { scope, problems } = parseNewIncidentParams(await searchParams);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Open an incident</h1>
      <ParamIssues issues={problems} />
      <p className="max-w-2xl text-sm text-muted-foreground">
        The incident keeps its timeline: status changes and notes with who and when, the stuck trend of its scope by the
        minute, the bulk jobs started from it and the operators&apos; actions in its window. Opened from a stuck view,
        the scope is that view&apos;s filter.
      </p>
      <OpenIncidentForm
        initialScope={scope}
        statuses={WATCHABLE_STATUSES}
        permission={permissionFor(operator.role, openIncidentAction)}
      />
    </div>
  );
}
