import type { Metadata } from 'next';
import { ParamIssues } from '@/components/param-issues';
import { RuleForm } from '@/components/watch/rule-form';
import { createWatchRuleAction } from '@/lib/actions/watch';
import { permissionFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { parseNewIncidentParams } from '@/lib/incidents/hrefs';
import type { SearchParams } from '@/lib/search-params';
import { WATCHABLE_STATUSES } from '@/lib/triage/stuck-rules';
import { readWatchableViews } from '@/lib/watch/data';

export const metadata: Metadata = { title: 'New watch rule' };

export default async function NewRulePage({ searchParams }: { searchParams: SearchParams }) {
  const { operator } = await requireAdminSession();
  // `view`: the saved view's "Watch this"; the rest is a stuck view's scope.
  const { view, ...scopeParams } = await searchParams;
  const { scope, problems } = parseNewIncidentParams(scopeParams);
  const views = await readWatchableViews(operator);
  const viewId = typeof view === 'string' && views.some((each) => each.id === view) ? view : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">New watch rule</h1>
      <ParamIssues issues={problems} />
      <p className="max-w-2xl text-sm text-muted-foreground">
        The rule counts the stuck messages in its scope every interval. From a stuck view&apos;s “Watch this”, the scope
        is that view&apos;s filter.
      </p>
      <RuleForm
        initial={{
          name: '',
          target: viewId ? { kind: 'view', viewId } : { kind: 'stuck', scope },
          condition: { kind: 'above', count: 5, forMinutes: 5 },
          recoveryMargin: 0,
          incidentSeverity: null,
          enabled: true,
        }}
        statuses={WATCHABLE_STATUSES}
        views={views}
        permission={permissionFor(operator.role, createWatchRuleAction)}
      />
    </div>
  );
}
