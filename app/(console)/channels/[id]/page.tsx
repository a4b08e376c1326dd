import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { notFound } from 'next/navigation';
import { MemberEditor, VisibilityForm } from '@/components/accounts/channel-controls';
import { Panel, RecordLink, SimpleTable } from '@/components/accounts/panels';
import { RecordPanels } from '@/components/entities/entity-detail';
import { AuditPanel } from '@/components/audit/audit-panel';
import { Breadcrumb, RecordTitle } from '@/components/breadcrumb';
import { RawJson } from '@/components/entities/raw-json';
import { ServiceFailure } from '@/components/entities/service-failure';
import { accountName } from '@/lib/accounts/merge-preview';
import { setChannelVisibilityAction, updateChannelMemberAction } from '@/lib/actions/structure';
import { permissionsFor } from '@/lib/auth/roles';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { detailHref } from '@/lib/entities/hrefs';
import { entityView, findEntity } from '@/lib/entities/registry';
import { usersInfo } from '@/lib/upstream/accounts';
import { channelSchema, isDotSegment } from '@/lib/upstream/contract';
import { isUpstreamError } from '@/lib/upstream/client';
import { getRecord } from '@/lib/upstream/ra';

type ChannelPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: ChannelPageProps): Promise<Metadata> {
  return { title: `Channel ${(await params).id}` };
}

/** One channel: the generic detail, plus members with role and status, visibility and member changes. */
export default async function ChannelPage({ params }: ChannelPageProps) {
  const { id } = await params;
  if (isDotSegment(id)) notFound();
  const { operator, upstream } = await requireAdminSession();
  const entity = findEntity('channels');
  if (!entity) throw new Error('registry: channels is not declared');
  const view = entityView(entity);
  const read = await readFromService(getRecord(upstream, 'channels', id, channelSchema));
  if (!read.ok) {
    if (read.failure.kind === 'not_found') notFound();
    return (
      <ServiceFailure
        title={`Channel ${id}`}
        failure={read.failure}
        retryHref={`/channels/${encodeURIComponent(id)}`}
      />
    );
  }
  const channel = read.data;
  const members = channel.json_collaborators ?? [];
  // The members' names in one batch read instead of one call per row.
  const names = await usersInfo(
    upstream,
    members.map((member) => member.user_id),
  )
    .then((users) => new Map(users.map((user) => [user.id, accountName(user)])))
    .catch((error: unknown) => {
      if (isUpstreamError(error)) return new Map<string, string>();
      throw error;
    });
  const title = channel.channel_name?.trim() || channel.id;
  const permissions = permissionsFor(operator.role, {
    visibility: setChannelVisibilityAction,
    member: updateChannelMemberAction,
  });

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <Breadcrumb href="/channels" label="Channels" record={channel.id} />
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
          <RecordTitle text={title} />
        </h1>
        <p className="text-sm text-muted-foreground">
          {channel.type} · visibility <span data-testid="channel-visibility">{channel.visibility ?? 'unknown'}</span> ·{' '}
          <Link href="/channels/orphaned" className="underline">
            orphaned channels
          </Link>{' '}
          ·{' '}
          <Link href="/channels/repair" className="underline">
            repair sequence numbers
          </Link>
        </p>
      </div>
      <Panel title="Visibility">
        <VisibilityForm
          channelId={channel.id}
          current={channel.visibility ?? null}
          permission={permissions.visibility}
        />
      </Panel>
      <Panel title="Members" count={members.length} testId="channel-members">
        <div className="space-y-4">
          <MemberEditor
            channelId={channel.id}
            members={members.map((member) => ({
              userId: member.user_id,
              name: names.get(member.user_id) ?? member.user_id,
              role: member.role,
              status: member.status,
            }))}
            permission={permissions.member}
          />
          <SimpleTable
            caption="Members of this channel with role and membership status"
            rows={members}
            rowKey={(member) => member.user_id}
            empty="No members."
            columns={[
              {
                id: 'Member',
                header: 'Member',
                cell: ({ row: { original: member } }) => (
                  <RecordLink
                    href={detailHref('users', member.user_id)}
                    name={names.get(member.user_id)}
                    id={member.user_id}
                  />
                ),
              },
              {
                id: 'Role',
                header: 'Role',
                cell: ({ row: { original: member } }) => <span data-testid="member-role">{member.role}</span>,
              },
              {
                id: 'Status',
                header: 'Status',
                cell: ({ row: { original: member } }) => <span data-testid="member-status">{member.status}</span>,
              },
            ]}
          />
        </div>
      </Panel>
      <RecordPanels upstream={upstream} view={view} record={channel} skipNested={['json_collaborators']} />
      <AuditPanel targetType="channel" targetId={channel.id} />
      <RawJson record={channel} />
    </div>
  );
}
