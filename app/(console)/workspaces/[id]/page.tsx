import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListPanel, Panel, RecordLink, SettledContent, SimpleTable } from '@/components/accounts/panels';
import { RecordPanels } from '@/components/entities/entity-detail';
import { SetOwnerForm } from '@/components/accounts/set-owner-form';
import { AuditPanel } from '@/components/audit/audit-panel';
import { Breadcrumb, RecordTitle } from '@/components/breadcrumb';
import { RawJson } from '@/components/entities/raw-json';
import { ServiceFailure } from '@/components/entities/service-failure';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { readWorkspacePageData } from '@/lib/accounts/data';
import { accountName } from '@/lib/accounts/merge-preview';
import { reportExportHref, type ReportRow } from '@/lib/accounts/reports';
import { setWorkspaceOwnerAction } from '@/lib/actions/structure';
import { approvalGateFor } from '@/lib/approvals/gate';
import { permissionFor } from '@/lib/auth/roles';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { detailHref } from '@/lib/entities/hrefs';
import { entityView, findEntity } from '@/lib/entities/registry';
import { isDotSegment, workspaceSchema, type Channel } from '@/lib/upstream/contract';
import { getRecord } from '@/lib/upstream/ra';

type WorkspacePageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: WorkspacePageProps): Promise<Metadata> {
  return { title: `Workspace ${(await params).id}` };
}

function UsersOutside({
  title,
  name,
  workspaceGuid,
  read,
}: {
  title: string;
  name: string;
  workspaceGuid: string;
  read: Awaited<ReturnType<typeof readWorkspacePageData>>['outside'];
}) {
  return (
    <Panel
      title={title}
      count={read.ok ? read.data.length : undefined}
      testId={`${name}-panel`}
      action={
        <Button asChild variant="outline" size="sm">
          <a href={reportExportHref(name, workspaceGuid)} download>
            Export CSV
          </a>
        </Button>
      }
    >
      <SettledContent
        read={read}
        what={title.toLowerCase()}
        render={(rows) => (
          <SimpleTable<ReportRow>
            caption={title}
            rows={rows.slice(0, 20)}
            total={rows.length}
            rowKey={(row) => row.id}
            empty="None."
            columns={[
              {
                id: 'User',
                header: 'User',
                cell: ({ row: { original: row } }) => (
                  <RecordLink
                    href={detailHref('users', row.id)}
                    name={typeof row.email === 'string' ? row.email : null}
                    id={row.id}
                  />
                ),
              },
              {
                id: 'Identity provider',
                header: 'Identity provider',
                cell: ({ row: { original: row } }) =>
                  typeof row.idp_provider === 'string' && row.idp_provider ? row.idp_provider : '—',
              },
            ]}
          />
        )}
      />
      {read.ok && read.data.length > 20 ? (
        <p className="mt-2 text-xs text-muted-foreground">
          The export has all {read.data.length.toLocaleString('en-US')}.
        </p>
      ) : null}
    </Panel>
  );
}

/** One workspace: the generic detail, plus members with roles, owner (and setting it), channels, domains and the users outside it. */
export default async function WorkspacePage({ params }: WorkspacePageProps) {
  const { id } = await params;
  if (isDotSegment(id)) notFound();
  const { operator, upstream } = await requireAdminSession();
  const entity = findEntity('workspaces');
  if (!entity) throw new Error('registry: workspaces is not declared');
  const view = entityView(entity);
  const [read, data] = await Promise.all([
    readFromService(getRecord(upstream, 'workspaces', id, workspaceSchema)),
    readWorkspacePageData(upstream, id),
  ]);
  if (!read.ok) {
    if (read.failure.kind === 'not_found') notFound();
    return (
      <ServiceFailure
        title={`Workspace ${id}`}
        failure={read.failure}
        retryHref={`/workspaces/${encodeURIComponent(id)}`}
      />
    );
  }
  const workspace = read.data;
  const title = workspace.workspace_name?.trim() || workspace.id;
  const members = data.members.ok ? data.members.data : [];
  // A deleted workspace has no owner to set, whatever the role: the same note says so.
  const setOwner = workspace.deleted_at
    ? { allowed: false as const, reason: 'This workspace is deleted.' }
    : permissionFor(operator.role, setWorkspaceOwnerAction);
  const approval = await approvalGateFor(operator, setWorkspaceOwnerAction, {});

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <Breadcrumb href="/workspaces" label="Workspaces" record={workspace.id} />
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
          <RecordTitle text={title} />
        </h1>
        <p className="text-sm text-muted-foreground">
          Plan <span data-testid="workspace-plan">{workspace.plan_type ?? '—'}</span> · Owner{' '}
          {workspace.owner_guid ? (
            <span data-testid="workspace-owner">
              <RecordLink
                href={detailHref('users', workspace.owner_guid)}
                name={members.find((member) => member.id === workspace.owner_guid)?.email}
                id={workspace.owner_guid}
              />
            </span>
          ) : (
            'none'
          )}
          {workspace.deleted_at ? ' · deleted' : ''}
        </p>
      </div>

      <Panel title="Members" count={members.length} testId="members-panel">
        <SettledContent
          read={data.members}
          what="the members"
          render={(rows) => (
            <div className="space-y-4">
              <SetOwnerForm
                workspaceGuid={workspace.id}
                workspaceName={title}
                members={rows.map((member) => ({
                  id: member.id,
                  name: accountName(member),
                  isOwner: member.id === workspace.owner_guid,
                }))}
                permission={setOwner}
                approval={approval}
              />
              <SimpleTable
                caption="Members of this workspace with their roles"
                rows={rows}
                rowKey={(member) => member.id}
                empty="No members."
                columns={[
                  {
                    id: 'Member',
                    header: 'Member',
                    cell: ({ row: { original: member } }) => (
                      <RecordLink href={detailHref('users', member.id)} name={accountName(member)} id={member.id} />
                    ),
                  },
                  {
                    id: 'Role',
                    header: 'Role',
                    cell: ({ row: { original: member } }) =>
                      member.id === workspace.owner_guid ? (
                        <Badge data-testid="owner-badge">owner</Badge>
                      ) : (
                        member.role_cd
                      ),
                  },
                  {
                    id: 'Verified',
                    header: 'Verified',
                    cell: ({ row: { original: member } }) => (member.verified ? 'yes' : 'no'),
                  },
                ]}
              />
            </div>
          )}
        />
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <ListPanel<Channel>
          title="Channels"
          read={data.channels}
          what="the channels"
          caption="Channels of this workspace"
          moreHref={`/channels?workspace=${encodeURIComponent(workspace.id)}`}
          rowKey={(channel) => channel.id}
          empty="No channels."
          columns={[
            {
              id: 'Channel',
              header: 'Channel',
              cell: ({ row: { original: channel } }) => (
                <RecordLink href={detailHref('channels', channel.id)} name={channel.channel_name} id={channel.id} />
              ),
            },
            {
              id: 'Visibility',
              header: 'Visibility',
              cell: ({ row: { original: channel } }) => channel.visibility ?? '—',
            },
          ]}
        />
        <ListPanel
          title="Domains"
          read={data.domains}
          what="the domains"
          caption="Domains of this workspace"
          rowKey={(domain) => domain.id}
          empty="No domains."
          columns={[
            {
              id: 'Domain',
              header: 'Domain',
              cell: ({ row: { original: domain } }) => (
                <RecordLink href={detailHref('domains', domain.id)} name={domain.domain} id={domain.id} />
              ),
            },
          ]}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <UsersOutside
          title="Users not in this workspace"
          name="noworkspace"
          workspaceGuid={workspace.id}
          read={data.outside}
        />
        <UsersOutside
          title="Identity-provider users not in it"
          name="idp-not-in-workspace"
          workspaceGuid={workspace.id}
          read={data.idpOutside}
        />
      </div>

      <RecordPanels upstream={upstream} view={view} record={workspace} />
      <AuditPanel targetType="workspace" targetId={workspace.id} />
      <RawJson record={workspace} />
    </div>
  );
}
