import type { Metadata } from 'next';
import { AgentsNav } from '@/components/agents/agents-nav';
import { ParamIssues } from '@/components/param-issues';
import { RollupTable } from '@/components/agents/rollup-table';
import { ServiceFailure } from '@/components/entities/service-failure';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { readAgentRollup } from '@/lib/agents/data';
import { rollupPage, ROLLUP_VIEW } from '@/lib/agents/rollup';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { parseListParams } from '@/lib/entities/list-params';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Agents per human' };

/** Agents per root human (count, newest, deleted share), most agents first. */
export default async function AgentsPerHumanPage({ searchParams }: { searchParams: SearchParams }) {
  const { upstream } = await requireAdminSession();
  const { state, issues } = parseListParams(ROLLUP_VIEW, await searchParams);
  const read = await readFromService(readAgentRollup(upstream));
  if (!read.ok) return <ServiceFailure title="Agents per human" failure={read.failure} retryHref="/agents/humans" />;
  const { humans, agentsRead, total, titles } = read.data;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Agents</h1>
      <AgentsNav current="/agents/humans" />
      <ParamIssues issues={issues} />
      <p className="text-sm text-muted-foreground">
        {humans.length.toLocaleString('en-US')} humans own {agentsRead.toLocaleString('en-US')} agents. Sort by a
        column; a row opens that human&apos;s agents.
      </p>
      {agentsRead < total ? (
        <Alert variant="warning">
          <AlertDescription>
            Counted from the newest {agentsRead.toLocaleString('en-US')} of {total.toLocaleString('en-US')} agents;
            older agents are not in these counts.
          </AlertDescription>
        </Alert>
      ) : null}
      <RollupTable
        rows={rollupPage(humans, state)}
        titles={titles}
        total={humans.length}
        page={state.page}
        size={state.size}
        sort={state.sort ?? ROLLUP_VIEW.defaultSort}
      />
    </div>
  );
}
