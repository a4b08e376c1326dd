import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { MintedTokens, RecentMessages } from '@/components/agents/agent-activity';
import { OwnAgentPanel } from '@/components/agents/own-agent-panel';
import { Breadcrumb } from '@/components/breadcrumb';
import { CellValue } from '@/components/entities/cell-value';
import { RawJson } from '@/components/entities/raw-json';
import { ServiceFailure } from '@/components/entities/service-failure';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { deleteAgentAction, mintAgentTokenAction } from '@/lib/actions/agents';
import { readAgentDetail, readOwnScope } from '@/lib/agents/data';
import { permissionsFor } from '@/lib/auth/roles';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { detailHref } from '@/lib/entities/hrefs';
import { isDotSegment } from '@/lib/upstream/contract';

type AgentPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: AgentPageProps): Promise<Metadata> {
  return { title: `Agent ${(await params).id}` };
}

/** One agent: owner, workspaces, recent messages, tokens minted through the console, the record; and what the operator may do. */
export default async function AgentPage({ params }: AgentPageProps) {
  const { id } = await params;
  if (isDotSegment(id)) notFound();
  const { operator, upstream } = await requireAdminSession();
  const [read, scope] = await Promise.all([readFromService(readAgentDetail(upstream, id)), readOwnScope(upstream, id)]);
  if (!read.ok) {
    if (read.failure.kind === 'not_found') notFound();
    return <ServiceFailure title={`Agent ${id}`} failure={read.failure} retryHref={detailHref('agents', id)} />;
  }
  const { agent, titles, messages, messagesTotal, tokens } = read.data;
  const names = new Map(Object.entries(titles));
  const ownerName = names.get(detailHref('users', agent.creator_id)) ?? agent.creator_id;
  const name = agent.name?.trim() || agent.id;

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <Breadcrumb href="/agents" label="Agents" record={agent.id} />
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight break-words">
          <bdi>{name}</bdi>
          {agent.deleted_at ? (
            <Badge variant="destructive" data-testid="agent-deleted">
              deleted
            </Badge>
          ) : (
            <Badge variant="secondary">live</Badge>
          )}
        </h1>
        <p className="text-sm text-muted-foreground">
          Agent <code className="select-all">{agent.id}</code>
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card gap="gap-3">
          <CardHeader>
            <CardTitle className="text-base">
              <h2>Owner and workspaces</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
              <dt className="text-muted-foreground">Owner (root human)</dt>
              <dd data-testid="agent-owner">
                <CellValue
                  column={{ kind: 'id', linkTo: 'users' }}
                  value={agent.creator_id}
                  mode="detail"
                  titles={names}
                />
              </dd>
              <dt className="text-muted-foreground">Workspaces</dt>
              <dd>
                <CellValue
                  column={{ kind: 'list', linkTo: 'workspaces' }}
                  value={agent.workspace_guids ?? []}
                  mode="detail"
                  titles={names}
                />
              </dd>
              <dt className="text-muted-foreground">E-mail</dt>
              <dd>{agent.email ?? '—'}</dd>
              <dt className="text-muted-foreground">Created</dt>
              <dd>
                <CellValue column={{ kind: 'iso-datetime' }} value={agent.created_at} mode="detail" />
              </dd>
              <dt className="text-muted-foreground">Deleted</dt>
              <dd>
                {agent.deleted_at ? (
                  <CellValue column={{ kind: 'iso-datetime' }} value={agent.deleted_at} mode="detail" />
                ) : (
                  'no'
                )}
              </dd>
            </dl>
          </CardContent>
        </Card>
        <OwnAgentPanel
          agent={agent}
          scope={scope}
          ownerName={ownerName}
          permissions={permissionsFor(operator.role, { mint: mintAgentTokenAction, remove: deleteAgentAction })}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentMessages agentId={agent.id} messages={messages} total={messagesTotal} />
        <MintedTokens agentId={agent.id} tokens={tokens} />
      </div>
      <RawJson record={agent} />
    </div>
  );
}
