/**
 * The sections of a user's page below the header: plan, holdings, workspaces with the user's
 * role, channels with role and membership status, recent messages and the agents they own.
 * Related records are shown by name (`names`, read once per page by lib/entities/names.ts), with
 * the id on hover and in the link.
 */
import { Badge } from '@/components/ui/badge';
import type { readUserPageData } from '@/lib/accounts/data';
import { detailHref, filteredListHref } from '@/lib/entities/hrefs';
import type { NameRecord } from '@/lib/entities/names';
import { formatUtc } from '@/lib/time';
import type { Channel, Workspace } from '@/lib/upstream/contract';
import { FootprintTable } from './footprint-table';
import { ListPanel, Panel, RecordLink, SettledContent } from './panels';

type PageData = Awaited<ReturnType<typeof readUserPageData>>;

/** A link to a related record by its name when the page's batch read found one, else by its id. */
function NamedLink({ entity, id, names }: { entity: string; id: string | null | undefined; names: NameRecord }) {
  if (!id) return '—';
  const href = detailHref(entity, id);
  return <RecordLink href={href} name={names[href]?.name} id={id} />;
}

const utc = (value: number | string | null | undefined) => {
  if (value === null || value === undefined) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : formatUtc(date);
};

export function PlanAndHoldings({ data }: { data: PageData }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title="Payment plan" testId="plan-panel">
        <SettledContent
          read={data.plan}
          what="the payment plan"
          render={(plan) => (
            <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
              <dt className="text-muted-foreground">Plan</dt>
              <dd data-testid="plan-name">{plan.plan}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>{plan.status}</dd>
              <dt className="text-muted-foreground">Seats</dt>
              <dd>{plan.seats ?? '—'}</dd>
              <dt className="text-muted-foreground">Renews</dt>
              <dd>{plan.renews_at ? utc(plan.renews_at) : '—'}</dd>
            </dl>
          )}
        />
      </Panel>
      <Panel title="Holdings" testId="holdings-panel">
        <SettledContent
          read={data.footprint}
          what="what this account holds"
          render={(footprint) => (
            <FootprintTable
              caption="What this account holds, counted by the service"
              columns={[{ label: 'Count', footprint, testId: 'holdings' }]}
            />
          )}
        />
      </Panel>
    </div>
  );
}

export function WorkspacesSection({
  userId,
  data,
  roles,
  names,
}: {
  userId: string;
  data: PageData;
  roles: ReadonlyMap<string, string>;
  names: NameRecord;
}) {
  return (
    <ListPanel<Workspace>
      title="Workspaces"
      testId="workspaces-panel"
      read={data.workspaces}
      what="the workspaces"
      caption="Workspaces this user belongs to"
      rowKey={(workspace) => workspace.id}
      empty="Not a member of any workspace."
      columns={[
        {
          id: 'Workspace',
          header: 'Workspace',
          cell: ({ row: { original: workspace } }) => (
            <RecordLink
              href={detailHref('workspaces', workspace.id)}
              name={workspace.workspace_name}
              id={workspace.id}
            />
          ),
        },
        {
          id: 'Role',
          header: 'Role',
          cell: ({ row: { original: workspace } }) =>
            workspace.owner_guid === userId ? <Badge>owner</Badge> : <span>{roles.get(workspace.id) ?? 'member'}</span>,
        },
        {
          id: 'Owner',
          header: 'Owner',
          cell: ({ row: { original: workspace } }) => (
            <NamedLink entity="users" id={workspace.owner_guid} names={names} />
          ),
        },
        { id: 'Plan', header: 'Plan', cell: ({ row: { original: workspace } }) => workspace.plan_type ?? '—' },
        {
          id: 'Deleted',
          header: 'Deleted',
          cell: ({ row: { original: workspace } }) => (workspace.deleted_at ? utc(workspace.deleted_at) : 'no'),
        },
      ]}
    />
  );
}

export function ChannelsSection({ userId, data, names }: { userId: string; data: PageData; names: NameRecord }) {
  const membership = (channel: Channel) => channel.json_collaborators?.find((member) => member.user_id === userId);
  return (
    <ListPanel<Channel>
      title="Channels"
      testId="channels-panel"
      read={data.channels}
      what="the channels"
      caption="Channels this user belongs to"
      rowKey={(channel) => channel.id}
      empty="Not a member of any channel."
      columns={[
        {
          id: 'Channel',
          header: 'Channel',
          cell: ({ row: { original: channel } }) => (
            <RecordLink href={detailHref('channels', channel.id)} name={channel.channel_name} id={channel.id} />
          ),
        },
        {
          id: 'Workspace',
          header: 'Workspace',
          cell: ({ row: { original: channel } }) => (
            <NamedLink entity="workspaces" id={channel.workspace_guid} names={names} />
          ),
        },
        { id: 'Type', header: 'Type', cell: ({ row: { original: channel } }) => channel.type },
        { id: 'Visibility', header: 'Visibility', cell: ({ row: { original: channel } }) => channel.visibility ?? '—' },
        { id: 'Role', header: 'Role', cell: ({ row: { original: channel } }) => membership(channel)?.role ?? '—' },
        {
          id: 'Status',
          header: 'Status',
          cell: ({ row: { original: channel } }) => membership(channel)?.status ?? '—',
        },
      ]}
    />
  );
}

export function MessagesSection({ userId, data, names }: { userId: string; data: PageData; names: NameRecord }) {
  return (
    <ListPanel
      title="Recent messages"
      testId="messages-panel"
      read={data.messages}
      what="the messages"
      caption="This user's most recent messages"
      moreHref={filteredListHref('messages', { creator: userId })}
      rowKey={(message) => message.id}
      empty="No messages."
      columns={[
        {
          id: 'Message',
          header: 'Message',
          cell: ({ row: { original: message } }) => (
            <RecordLink
              href={detailHref('messages', message.id)}
              name={message.name ?? message.transcript_txt}
              id={message.id}
            />
          ),
        },
        {
          id: 'Workspace',
          header: 'Workspace',
          cell: ({ row: { original: message } }) => (
            <NamedLink entity="workspaces" id={message.workspace_guid} names={names} />
          ),
        },
        {
          id: 'Channel',
          header: 'Channel',
          cell: ({ row: { original: message } }) =>
            message.channel_guids?.length
              ? message.channel_guids.map((id) => <NamedLink key={id} entity="channels" id={id} names={names} />)
              : '—',
        },
        { id: 'Status', header: 'Status', cell: ({ row: { original: message } }) => message.status },
        { id: 'Sent', header: 'Sent', cell: ({ row: { original: message } }) => utc(message.message_ts) },
      ]}
    />
  );
}

export function AgentsSection({ userId, data }: { userId: string; data: PageData }) {
  return (
    <ListPanel
      title="Agents they own"
      testId="agents-panel"
      read={data.agents}
      what="the agents"
      caption="Agents this user owns"
      moreHref={filteredListHref('agents', { creator: userId })}
      rowKey={(agent) => agent.id}
      empty="Owns no agent."
      columns={[
        {
          id: 'Agent',
          header: 'Agent',
          cell: ({ row: { original: agent } }) => (
            <RecordLink href={detailHref('agents', agent.id)} name={agent.name} id={agent.id} />
          ),
        },
        { id: 'Created', header: 'Created', cell: ({ row: { original: agent } }) => utc(agent.created_at) },
        {
          id: 'Deleted',
          header: 'Deleted',
          cell: ({ row: { original: agent } }) => (agent.deleted_at ? utc(agent.deleted_at) : 'no'),
        },
      ]}
    />
  );
}
