/**
 * The accounts area's reads of the service: one place that knows which endpoints and filters
 * make up a user's footprint, the two sides of a merge and a user's page. Every read of a page
 * goes out in parallel.
 */
import 'server-only';
import { z } from 'zod';
import {
  type UpstreamClient,
  describeUpstreamError,
  isUpstreamError,
  type UpstreamFailure,
} from '@/lib/upstream/client';
import {
  idpUsersNotInWorkspace,
  orphanedChannels,
  orphanedNotifications,
  ownWorkspaces,
  paymentPlan,
  usersInfo,
  usersNotInWorkspace,
  workspaceMemberRoles,
  workspaceMembers,
} from '@/lib/upstream/accounts';
import {
  agentSchema,
  channelSchema,
  domainSchema,
  messageSchema,
  workspaceSchema,
  type User,
  type Workspace,
} from '@/lib/upstream/contract';
import { MEMBER_FILTER } from '@/lib/upstream/contract/accounts';
import { countRecords, listRecords } from '@/lib/upstream/ra';
import {
  accountName,
  mergePreview,
  type AccountFootprint,
  type MergePreviewResult,
  type MergeSide,
} from './merge-preview';

/** Memberships listed by id for a footprint (the counts go beyond it). */
const MEMBERSHIP_PAGE = 1000;

const idOnly = z.looseObject({ id: z.string() });

async function memberIds(upstream: UpstreamClient, entity: 'workspaces' | 'channels', userId: string) {
  const { rows, total } = await listRecords(
    upstream,
    entity,
    { range: { start: 0, end: MEMBERSHIP_PAGE - 1 }, filter: { [MEMBER_FILTER]: userId } },
    idOnly,
  );
  return { ids: rows.map((row) => row.id), total };
}

/** What the account holds, counted by the service: six reads in parallel. */
export async function readFootprint(upstream: UpstreamClient, userId: string): Promise<AccountFootprint> {
  const [workspaces, workspacesOwned, channels, channelsOwned, messages, agents] = await Promise.all([
    memberIds(upstream, 'workspaces', userId),
    countRecords(upstream, 'workspaces', { owner_guid: userId }),
    memberIds(upstream, 'channels', userId),
    countRecords(upstream, 'channels', { owner_guid: userId }),
    countRecords(upstream, 'messages', { creator_guid: userId }),
    countRecords(upstream, 'agents', { creator_id: userId }),
  ]);
  return {
    workspaceIds: workspaces.ids,
    workspaces: workspaces.total,
    workspacesOwned,
    channelIds: channels.ids,
    channels: channels.total,
    channelsOwned,
    messages,
    agents,
  };
}

/** Both accounts of a merge by one batch read, and their footprints (no plan: the action does not need it). */
export async function readMergeUsers(upstream: UpstreamClient, sourceId: string, targetId: string) {
  const users = await usersInfo(upstream, [sourceId, targetId]);
  return { source: users.find((user) => user.id === sourceId), target: users.find((user) => user.id === targetId) };
}

async function readSide(upstream: UpstreamClient, user: User, withPlan: boolean): Promise<MergeSide> {
  const [footprint, plan] = await Promise.all([
    readFootprint(upstream, user.id),
    withPlan ? paymentPlan(upstream, user.id) : Promise.resolve(null),
  ]);
  return { user, footprint, plan: plan ? { plan: plan.plan, status: plan.status } : null };
}

/**
 * The merge preview from the service's answers. A refusal that needs only the ids, or only the
 * user records, is reached without reading the footprints.
 */
export async function readMergePreview(
  upstream: UpstreamClient,
  sourceId: string,
  targetId: string,
  options: { withPlans: boolean },
): Promise<MergePreviewResult> {
  if (sourceId === targetId) return mergePreview(sourceId, targetId, undefined, undefined);
  const { source, target } = await readMergeUsers(upstream, sourceId, targetId);
  const early = mergePreview(sourceId, targetId, source && stub(source), target && stub(target));
  if (!early.ok || !source || !target) return early;
  const [sourceSide, targetSide] = await Promise.all([
    readSide(upstream, source, options.withPlans),
    readSide(upstream, target, options.withPlans),
  ]);
  return mergePreview(sourceId, targetId, sourceSide, targetSide);
}

const EMPTY_FOOTPRINT: AccountFootprint = {
  workspaceIds: [],
  workspaces: 0,
  workspacesOwned: 0,
  channelIds: [],
  channels: 0,
  channelsOwned: 0,
  messages: 0,
  agents: 0,
};
/** A side with only its user, to run the refusals before the footprints are read. */
const stub = (user: User): MergeSide => ({ user, plan: null, footprint: EMPTY_FOOTPRINT });

/** Users matching an operator's search (e-mail, name or id) for the merge picker. */
export async function searchUsers(upstream: UpstreamClient, text: string, limit = 10): Promise<User[]> {
  const query = text.trim();
  if (query === '') return [];
  const [byText, byId] = await Promise.all([
    listRecords(
      upstream,
      'users',
      { range: { start: 0, end: limit - 1 }, filter: { q: query } },
      z.looseObject({ id: z.string() }),
    ).then((result) => result.rows.map((row) => row.id)),
    /^[\w-]{3,256}$/.test(query)
      ? usersInfo(upstream, [query]).then((users) => users.map((user) => user.id))
      : Promise.resolve([]),
  ]);
  const ids = [...new Set([...byId, ...byText])];
  return ids.length === 0 ? [] : usersInfo(upstream, ids);
}

/** Everything the user page shows besides the record, read in parallel. */
export async function readUserPageData(upstream: UpstreamClient, userId: string) {
  const [plan, workspaces, channels, messages, agents, workspacesOwned, channelsOwned] = await Promise.all([
    settle(paymentPlan(upstream, userId)),
    settle(
      listRecords(
        upstream,
        'workspaces',
        { range: { start: 0, end: 49 }, filter: { [MEMBER_FILTER]: userId } },
        workspaceSchema,
      ),
    ),
    settle(
      listRecords(
        upstream,
        'channels',
        { range: { start: 0, end: 49 }, filter: { [MEMBER_FILTER]: userId } },
        channelSchema,
      ),
    ),
    settle(
      listRecords(
        upstream,
        'messages',
        { sort: { field: 'message_ts', order: 'DESC' }, range: { start: 0, end: 9 }, filter: { creator_guid: userId } },
        messageSchema,
      ),
    ),
    settle(
      listRecords(upstream, 'agents', { range: { start: 0, end: 49 }, filter: { creator_id: userId } }, agentSchema),
    ),
    // The same counts as the page's related lists: sent once for both (UpstreamClient.request).
    settle(countRecords(upstream, 'workspaces', { owner_guid: userId })),
    settle(countRecords(upstream, 'channels', { owner_guid: userId })),
  ]);
  return {
    plan,
    workspaces,
    channels,
    messages,
    agents,
    footprint: footprintOf(workspaces, channels, messages, agents, workspacesOwned, channelsOwned),
  };
}

/**
 * The user page's holdings from the reads it makes anyway: the lists' totals count memberships,
 * messages and agents, so no read of its own (`readFootprint`, for merges, lists every id).
 */
function footprintOf(
  workspaces: Settled<{ rows: { id: string }[]; total: number }>,
  channels: Settled<{ rows: { id: string }[]; total: number }>,
  messages: Settled<{ total: number }>,
  agents: Settled<{ total: number }>,
  workspacesOwned: Settled<number>,
  channelsOwned: Settled<number>,
): Settled<AccountFootprint> {
  if (!workspaces.ok) return workspaces;
  if (!channels.ok) return channels;
  if (!messages.ok) return messages;
  if (!agents.ok) return agents;
  if (!workspacesOwned.ok) return workspacesOwned;
  if (!channelsOwned.ok) return channelsOwned;
  return {
    ok: true,
    data: {
      workspaceIds: workspaces.data.rows.map((row) => row.id),
      workspaces: workspaces.data.total,
      workspacesOwned: workspacesOwned.data,
      channelIds: channels.data.rows.map((row) => row.id),
      channels: channels.data.total,
      channelsOwned: channelsOwned.data,
      messages: messages.data.total,
      agents: agents.data.total,
    },
  };
}

export type Settled<T> = { ok: true; data: T } | { ok: false; failure: UpstreamFailure };

/** One panel's read failing leaves the others standing; the page shows which one failed and why. */
async function settle<T>(read: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, data: await read };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return { ok: false, failure: describeUpstreamError(error) };
  }
}

/** Workspaces whose members the user page reads for the user's role (one read each). */
const MAX_ROLE_READS = 20;

/** The user's role in each workspace (by workspace id), from the workspaces' member lists. */
export async function readWorkspaceRoles(
  upstream: UpstreamClient,
  userId: string,
  workspaces: readonly Workspace[],
): Promise<Map<string, string>> {
  const reads = workspaces.slice(0, MAX_ROLE_READS).map(async (workspace): Promise<[string, string][]> => {
    try {
      const member = (await workspaceMemberRoles(upstream, workspace.id)).find((candidate) => candidate.id === userId);
      return member ? [[workspace.id, member.role_cd]] : [];
    } catch (error) {
      // A role is detail: the row still shows, as a member.
      if (isUpstreamError(error)) return [];
      throw error;
    }
  });
  return new Map((await Promise.all(reads)).flat());
}

/** Everything the workspace page shows besides the record, read in parallel. */
export async function readWorkspacePageData(upstream: UpstreamClient, workspaceGuid: string) {
  const [members, channels, domains, outside, idpOutside] = await Promise.all([
    settle(workspaceMembers(upstream, workspaceGuid)),
    settle(
      listRecords(
        upstream,
        'channels',
        { range: { start: 0, end: 24 }, filter: { workspace_guid: workspaceGuid } },
        channelSchema,
      ),
    ),
    settle(
      listRecords(
        upstream,
        'domains',
        { range: { start: 0, end: 49 }, filter: { workspace_guid: workspaceGuid } },
        domainSchema,
      ),
    ),
    settle(usersNotInWorkspace(upstream, workspaceGuid)),
    settle(idpUsersNotInWorkspace(upstream, workspaceGuid)),
  ]);
  return { members, channels, domains, outside, idpOutside };
}

/**
 * The signed-in operator's own workspaces (`GET /admin/workspaces`), each owner named from one
 * batch read of `/admin/users/info` made after the list (it names the owners).
 */
export async function readOwnWorkspaces(upstream: UpstreamClient) {
  const workspaces = await ownWorkspaces(upstream);
  const ownerIds = [
    ...new Set(workspaces.flatMap((workspace) => (workspace.owner_guid ? [workspace.owner_guid] : []))),
  ];
  const owners = ownerIds.length === 0 ? [] : await usersInfo(upstream, ownerIds);
  const ownerNames = new Map(owners.map((owner) => [owner.id, accountName(owner)]));
  return workspaces.map((workspace) => ({
    id: workspace.id,
    name: workspace.workspace_name ?? workspace.id,
    plan: workspace.plan_type ?? null,
    ownerId: workspace.owner_guid,
    ownerName: workspace.owner_guid ? (ownerNames.get(workspace.owner_guid) ?? null) : null,
    createdTs: workspace.created_ts,
    deleted: Boolean(workspace.deleted_at),
  }));
}

/** How many channels and notifications the service reports as orphaned, for the dashboard. */
export async function readOrphanCounts(upstream: UpstreamClient) {
  const [channels, notifications] = await Promise.all([orphanedChannels(upstream), orphanedNotifications(upstream)]);
  return { channels: channels.length, notifications: notifications.length };
}
