import type { Metadata } from 'next';
import { AgentsNav } from '@/components/agents/agents-nav';
import { AgentsTable } from '@/components/agents/agents-table';
import { ParamIssues } from '@/components/param-issues';
import { ServiceFailure } from '@/components/entities/service-failure';
import { readAgentPage } from '@/lib/agents/data';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { listPageState, parseListParams } from '@/lib/entities/list-params';
import { declaredEntityView } from '@/lib/entities/registry';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Agents' };

/** Every agent at the service, filterable by owner and creation date. */
export default async function AgentsPage({ searchParams }: { searchParams: SearchParams }) {
  const { upstream } = await requireAdminSession();
  const view = declaredEntityView('agents');
  const { state, issues } = parseListParams(view, await searchParams);
  const read = await readFromService(readAgentPage(upstream, view, state));
  if (!read.ok) return <ServiceFailure title="Agents" failure={read.failure} retryHref="/agents" />;
  const list = listPageState(view, state);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Agents</h1>
      <AgentsNav current="/agents" />
      <ParamIssues issues={issues} />
      <AgentsTable
        {...list}
        rows={read.data.rows}
        titles={read.data.titles}
        total={read.data.total}
        empty={
          <p>{list.active.length > 0 ? 'No agents match these filters.' : 'There are no agents at the service.'}</p>
        }
      />
    </div>
  );
}
