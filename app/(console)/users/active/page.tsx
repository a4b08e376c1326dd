import type { Metadata } from 'next';
import { Breadcrumb } from '@/components/breadcrumb';
import { EntityList } from '@/components/entities/entity-list';
import { ExportButton } from '@/components/entities/export-button';
import { ServiceFailure } from '@/components/entities/service-failure';
import { ParamIssues } from '@/components/param-issues';
import { activeUsersView, pageOf, selectActiveUsers } from '@/lib/accounts/active-users';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { parseListParams, type RawSearchParams } from '@/lib/entities/list-params';
import { activeUsers } from '@/lib/upstream/accounts';

export const metadata: Metadata = { title: 'Active users' };

/** The service's active users (live accounts active in the last 30 days), as a list like any other. */
export default async function ActiveUsersPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const raw = await searchParams;
  const { upstream } = await requireAdminSession();
  const view = activeUsersView();
  const { state, issues } = parseListParams(view, raw);
  const read = await readFromService(activeUsers(upstream));
  if (!read.ok) return <ServiceFailure title="Active users" failure={read.failure} retryHref="/users/active" />;
  const selected = selectActiveUsers(read.data, state, view.defaultSort);
  const rows = pageOf(selected, state.page, state.size);

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <Breadcrumb href="/users" label="Users">
          Active
        </Breadcrumb>
        <h1 className="text-2xl font-semibold tracking-tight">Active users</h1>
        <p className="text-sm text-muted-foreground">
          Accounts the service counts as active (neither merged nor deleted, active recently), most recent first.
        </p>
      </div>
      <ParamIssues issues={issues} />
      <EntityList
        view={view}
        state={state}
        active={[]}
        rows={rows}
        total={selected.length}
        empty={<p>{state.q ? `No active user matches “${state.q}”.` : 'The service reports no active user.'}</p>}
      >
        <ExportButton entity="active-users" />
      </EntityList>
    </div>
  );
}
