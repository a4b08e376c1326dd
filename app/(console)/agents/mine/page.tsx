import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { AgentsNav } from '@/components/agents/agents-nav';
import { CreateAgentDialog } from '@/components/agents/create-agent-dialog';
import { OwnAgentsTable } from '@/components/agents/own-agents-table';
import { ParamIssues } from '@/components/param-issues';
import { ServiceFailure } from '@/components/entities/service-failure';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select-native';
import { createAgentAction } from '@/lib/actions/agents';
import { readOwnAgents } from '@/lib/agents/data';
import { agentPagingHref, parseAgentPaging } from '@/lib/agents/paging';
import { permissionFor } from '@/lib/auth/roles';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import type { SearchParams } from '@/lib/search-params';
import { AGENT_LIST_LIMIT } from '@/lib/upstream/contract/agents';

export const metadata: Metadata = { title: 'My agents' };
const PATH = '/agents/mine';

/** The operator's own agents through /agents, with the spec's paging (skip, limit, direction, date). */
export default async function MyAgentsPage({ searchParams }: { searchParams: SearchParams }) {
  const { operator, upstream } = await requireAdminSession();
  const { paging, issues } = parseAgentPaging(await searchParams);
  const read = await readFromService(readOwnAgents(upstream, paging));
  if (!read.ok)
    return <ServiceFailure title="My agents" failure={read.failure} retryHref={agentPagingHref(PATH, paging)} />;
  const { agents, total } = read.data;
  const previous =
    paging.skip > 0 ? agentPagingHref(PATH, { ...paging, skip: Math.max(0, paging.skip - paging.limit) }) : null;
  const more = total === null ? agents.length === paging.limit : paging.skip + agents.length < total;
  const next = more ? agentPagingHref(PATH, { ...paging, skip: paging.skip + paging.limit }) : null;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Agents</h1>
      <AgentsNav current="/agents/mine" />
      <ParamIssues issues={issues.map((message) => ({ param: 'paging', message }))} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        {/* A plain GET form: the paging lives in the URL. */}
        <form method="get" action={PATH} aria-label="Paging" className="flex flex-wrap items-end gap-3 text-sm">
          <label className="flex flex-col gap-1">
            <span className="text-xs font-medium text-muted-foreground">
              Per page ({AGENT_LIST_LIMIT.min}-{AGENT_LIST_LIMIT.max})
            </span>
            <Input
              name="limit"
              type="number"
              min={AGENT_LIST_LIMIT.min}
              max={AGENT_LIST_LIMIT.max}
              defaultValue={paging.limit}
              className="w-24"
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-xs font-medium text-muted-foreground">Order</span>
            <NativeSelect name="direction" defaultValue={paging.direction} className="w-full">
              <option value="newer">Oldest first</option>
              <option value="older">Newest first</option>
            </NativeSelect>
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-xs font-medium text-muted-foreground">
              {paging.direction === 'newer' ? 'Created after (UTC, optional)' : 'Created before (UTC, optional)'}
            </span>
            <Input name="date" defaultValue={paging.date ?? ''} placeholder="2026-11-22T12:00:00Z" className="w-56" />
          </label>
          <Button type="submit" variant="outline">
            Apply
          </Button>
        </form>
        <CreateAgentDialog permission={permissionFor(operator.role, createAgentAction)} />
      </div>
      <OwnAgentsTable
        agents={agents}
        empty={
          total === 0 && paging.skip === 0 && !paging.date
            ? 'You have no agents yet. Create one with “Create agent”.'
            : 'No agents on this page. Go back a page, or change the order or the date.'
        }
      />
      <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
        {/* With no rows the table says why; the range is for a page that has some. */}
        <span className="text-muted-foreground" data-testid="own-agents-range">
          {agents.length > 0
            ? `Agents ${paging.skip + 1} to ${paging.skip + agents.length}${total === null ? '' : ` of ${total}`}, ${
                paging.direction === 'newer' ? 'oldest first' : 'newest first'
              }${paging.date ? `, created ${paging.direction === 'newer' ? 'after' : 'before'} ${paging.date}` : ''}`
            : null}
        </span>
        <span className="flex gap-2">
          {previous ? (
            <Button asChild variant="outline" size="sm">
              <Link href={previous}>Previous</Link>
            </Button>
          ) : null}
          {next ? (
            <Button asChild variant="outline" size="sm">
              <Link href={next}>Next</Link>
            </Button>
          ) : null}
        </span>
      </nav>
      <p className="text-sm text-muted-foreground">
        Deleted agents leave this list (the service lists live agents only); they stay in{' '}
        <Link className="underline" href="/agents">
          All agents
        </Link>
        , marked deleted.
      </p>
    </div>
  );
}
