import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { notFound } from 'next/navigation';
import { MergeReports } from '@/components/accounts/merge-reports';
import { UserAvatar } from '@/components/accounts/user-avatar';
import {
  AgentsSection,
  ChannelsSection,
  MessagesSection,
  PlanAndHoldings,
  WorkspacesSection,
} from '@/components/accounts/user-sections';
import { VerifyControl } from '@/components/accounts/verify-control';
import { AuditPanel } from '@/components/audit/audit-panel';
import { Breadcrumb } from '@/components/breadcrumb';
import { FieldsPanel, RelatedPanel } from '@/components/entities/entity-detail';
import { RawJson } from '@/components/entities/raw-json';
import { ServiceFailure } from '@/components/entities/service-failure';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { readUserPageData, readWorkspaceRoles } from '@/lib/accounts/data';
import { accountName } from '@/lib/accounts/merge-preview';
import { mergesInto } from '@/lib/accounts/merges';
import { mergeUsersAction } from '@/lib/actions/accounts';
import { setVerifiedAction } from '@/lib/actions/users';
import { permissionFor } from '@/lib/auth/roles';
import { RefusalNote } from '@/components/refusal-note';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { getConsoleDb } from '@/lib/db';
import { isDotSegment, userSchema } from '@/lib/upstream/contract';
import { getRecord } from '@/lib/upstream/ra';
import { readNames } from '@/lib/entities/names';
import { countRelated, linkedIds, titlesOf } from '@/lib/entities/related';
import { entityView, findEntity } from '@/lib/entities/registry';

type UserPageProps = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: UserPageProps): Promise<Metadata> {
  const { id } = await params;
  return { title: `User ${id}` };
}

/** One user: profile, verification, plan, holdings, memberships, messages, agents, merges and audit. */
export default async function UserPage({ params, searchParams }: UserPageProps) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  if (isDotSegment(id)) notFound();
  const { operator, upstream } = await requireAdminSession();
  const entity = findEntity('users');
  if (!entity) throw new Error('registry: users is not declared');
  const view = entityView(entity);
  // The page's own lists go out first: the related counts of the same filters (messages and
  // agents by creator) then take their totals instead of reading them again (countRecords).
  const dataRead = readUserPageData(upstream, id);
  // The generic detail's related counts go out with the record's own read.
  const counts = countRelated(upstream, view, id);
  const [read, data, merges] = await Promise.all([
    readFromService(getRecord(upstream, 'users', id, userSchema)),
    dataRead,
    getConsoleDb().then((db) => mergesInto(db, id)),
  ]);
  if (!read.ok) {
    if (read.failure.kind === 'not_found') notFound();
    return (
      <ServiceFailure title={`User ${id}`} failure={read.failure} retryHref={`/users/${encodeURIComponent(id)}`} />
    );
  }
  const user = read.data;
  const workspaces = data.workspaces.ok ? data.workspaces.data.rows : [];
  const channels = data.channels.ok ? data.channels.data.rows : [];
  const messages = data.messages.ok ? data.messages.data.rows : [];
  // The names of the records the user links to and of the related tables' records: one batch
  // read per entity for the whole page, in parallel (names.ts), beside the roles, which need a
  // read per workspace.
  const linked = linkedIds(view, user);
  const namesRead = readNames(upstream, {
    ...Object.fromEntries(linked),
    users: [...(linked.get('users') ?? []), ...workspaces.map((workspace) => workspace.owner_guid)],
    workspaces: [
      ...(linked.get('workspaces') ?? []),
      ...channels.map((channel) => channel.workspace_guid),
      ...messages.map((message) => message.workspace_guid),
    ],
    channels: [...(linked.get('channels') ?? []), ...messages.flatMap((message) => message.channel_guids ?? [])],
  });
  const titles = namesRead.then(titlesOf);
  const [names, roles] = await Promise.all([namesRead, readWorkspaceRoles(upstream, id, workspaces)]);
  const name = accountName(user);
  const displayName = [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.email || user.id;
  const verify = permissionFor(operator.role, setVerifiedAction);
  const merge = permissionFor(operator.role, mergeUsersAction);
  const mergeable = !user.merged_into && !user.deleted_at && user.account_type !== 'agent';
  const merged = typeof query.merged === 'string' ? query.merged : null;

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Breadcrumb href="/users" label="Users" record={user.id} />
        <div className="flex flex-wrap items-center gap-4">
          <UserAvatar imageUrl={user.image_url} name={displayName} email={user.email} />
          <div className="min-w-0 space-y-1">
            <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
              <bdi>{displayName}</bdi>
            </h1>
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
              <bdi>{user.email}</bdi>
            </p>
            <div className="flex flex-wrap gap-2">
              <Badge variant={user.verified ? 'success' : 'warning'} data-testid="verified-badge">
                {user.verified ? 'verified' : 'not verified'}
              </Badge>
              {user.account_type ? <Badge variant="outline">{user.account_type}</Badge> : null}
              {user.merged_into ? (
                <Badge variant="secondary" data-testid="merged-badge">
                  merged
                </Badge>
              ) : null}
              {user.deleted_at ? <Badge variant="destructive">deleted</Badge> : null}
            </div>
          </div>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-4 rounded-md border p-3">
        <VerifyControl userId={user.id} name={name} verified={user.verified} permission={verify} />
        {mergeable ? (
          merge.allowed ? (
            <Button asChild variant="outline" size="sm">
              <Link href={`/users/merge?source=${encodeURIComponent(user.id)}`}>Merge into…</Link>
            </Button>
          ) : (
            <span className="flex items-center gap-2">
              <Button variant="outline" size="sm" disabled aria-describedby="merge-refused">
                Merge into…
              </Button>
              <RefusalNote id="merge-refused" permission={merge} className="basis-auto" />
            </span>
          )
        ) : null}
      </div>

      <MergeReports merges={merges} highlight={merged} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <FieldsPanel view={view} record={user} />
        </div>
        <RelatedPanel view={view} record={user} titles={titles} counts={counts} />
      </div>
      <PlanAndHoldings data={data} />
      <WorkspacesSection userId={user.id} data={data} roles={roles} names={names} />
      <ChannelsSection userId={user.id} data={data} names={names} />
      {/* Full width: the messages table has workspace and channel columns beside the message. */}
      <MessagesSection userId={user.id} data={data} names={names} />
      <AgentsSection userId={user.id} data={data} />
      <AuditPanel targetType="user" targetId={user.id} />
      <RawJson record={user} />
    </div>
  );
}
