/** Operations on users: lookups, verification, merging, activity and payment plans. */
import type { MergeUsersDto } from '../../lib/upstream/contract';
import { HttpError } from '../http';
import { DAY_MS } from '../seed/context';
import { FREE_PLAN } from '../seed/payment-plans';
import type { UserRow } from '../seed/users';
import { channelMemberId, type ChannelMemberRow } from '../seed/channels';
import { workspaceMemberId, type WorkspaceMemberRow } from '../seed/workspaces';
import type { Table } from '../store/table';
import type { World } from './world';

/** "Active" users were active within this long before the data's reference time. */
const ACTIVE_WINDOW_MS = 30 * DAY_MS;

export function findUserByEmail(world: World, email: string): UserRow | undefined {
  const wanted = email.trim().toLowerCase();
  for (const user of world.users.rows()) if (user.email.toLowerCase() === wanted) return user;
  return undefined;
}

export function requireUser(world: World, id: string): UserRow {
  const user = world.users.get(id);
  if (!user) throw new HttpError(404, `no user with id "${id}"`, 'NOT_FOUND');
  return user;
}

/** Idempotent: a verified user stays as it is. */
export function setUserVerified(world: World, id: string): UserRow {
  const user = requireUser(world, id);
  if (!user.verified) world.users.update(user, { verified: true });
  return user;
}

/** The users with these ids, in the order asked, unknown ids left out. */
export function usersByIds(world: World, ids: readonly string[]): UserRow[] {
  return [...new Set(ids)].flatMap((id) => world.users.get(id) ?? []);
}

/** Accounts neither merged nor deleted that were active in the last 30 days of the data. */
export function activeUsers(world: World): UserRow[] {
  const since = world.reference - ACTIVE_WINDOW_MS;
  return [...world.users.rows()]
    .filter(
      (user) =>
        !user.merged_into && user.deleted_at === null && user.last_active_at !== null && user.last_active_at >= since,
    )
    .sort((a, b) => (b.last_active_at ?? 0) - (a.last_active_at ?? 0) || (a.id < b.id ? -1 : 1));
}

export type PaymentPlanSummary = {
  user_id: string;
  plan: string;
  status: string;
  seats: number | null;
  renews_at: string | null;
};

export function paymentPlanSummary(world: World, userId: string): PaymentPlanSummary {
  requireUser(world, userId);
  const plan = world.paymentPlans.get(userId);
  if (!plan) return { user_id: userId, plan: FREE_PLAN, status: 'active', seats: null, renews_at: null };
  return {
    user_id: userId,
    plan: plan.plan,
    status: plan.status,
    seats: plan.seats,
    renews_at: plan.renews_at === null ? null : new Date(plan.renews_at).toISOString(),
  };
}

export type MergeResult = {
  success: true;
  source_user_id: string;
  target_user_id: string;
  moved: { workspaces: number; channels: number; memberships: number; messages: number; agents: number };
};

/**
 * Moves the source's owned workspaces and channels, workspace and channel memberships, messages
 * and agents to the target, and marks the source merged into it. Where both were members of the
 * same workspace or channel, the target keeps the stronger of the two roles.
 */
export function mergeUsers(
  world: World,
  { source_user_id: sourceId, target_user_id: targetId }: MergeUsersDto,
): MergeResult {
  if (sourceId === targetId) throw new HttpError(400, 'a user cannot be merged into itself', 'INVALID_MERGE');
  const source = world.users.get(sourceId);
  const target = world.users.get(targetId);
  if (!source) throw new HttpError(400, `source_user_id: no user with id "${sourceId}"`, 'INVALID_MERGE');
  if (!target) throw new HttpError(400, `target_user_id: no user with id "${targetId}"`, 'INVALID_MERGE');
  if (source.merged_into)
    throw new HttpError(400, `source_user_id: already merged into "${source.merged_into}"`, 'INVALID_MERGE');
  if (target.merged_into)
    throw new HttpError(
      400,
      `target_user_id: merged into "${target.merged_into}"; merge into that account`,
      'INVALID_MERGE',
    );
  if (source.deleted_at !== null)
    throw new HttpError(400, `source_user_id: user "${sourceId}" is deleted`, 'INVALID_MERGE');
  if (target.deleted_at !== null)
    throw new HttpError(400, `target_user_id: user "${targetId}" is deleted`, 'INVALID_MERGE');
  if (source.account_type !== 'human' || target.account_type !== 'human') {
    throw new HttpError(400, 'only human accounts can be merged', 'INVALID_MERGE');
  }

  const ownedWorkspaces = [...world.workspaces.where('owner_guid', sourceId)];
  world.workspaces.updateMany(ownedWorkspaces.map((workspace) => [workspace, { owner_guid: targetId }] as const));
  const ownedChannels = [...world.channels.where('owner_guid', sourceId)];
  world.channels.updateMany(ownedChannels.map((channel) => [channel, { owner_guid: targetId }] as const));
  const memberships =
    moveMemberships(world.workspaceMembers, sourceId, targetId, {
      rehome: (row, userId) => ({ ...row, id: workspaceMemberId(row.workspace_guid, userId), user_id: userId }),
      strength: (row) => WORKSPACE_ROLE_STRENGTH.indexOf(row.role_cd),
      roleOf: (row) => ({ role_cd: row.role_cd }),
    }) +
    moveMemberships(world.channelMembers, sourceId, targetId, {
      rehome: (row, userId) => ({ ...row, id: channelMemberId(row.channel_guid, userId), user_id: userId }),
      strength: (row) => CHANNEL_ROLE_STRENGTH.indexOf(row.role),
      roleOf: (row) => ({ role: row.role }),
    });
  const messages = [...world.messages.where('creator_guid', sourceId)];
  world.messages.updateMany(messages.map((message) => [message, { creator_guid: targetId }] as const));
  const agents = [...world.users.where('creator_id', sourceId)];
  world.users.updateMany(agents.map((agent) => [agent, { creator_id: targetId }] as const));
  world.users.update(source, { merged_into: targetId });

  return {
    success: true,
    source_user_id: sourceId,
    target_user_id: targetId,
    moved: {
      workspaces: ownedWorkspaces.length,
      channels: ownedChannels.length,
      memberships,
      messages: messages.length,
      agents: agents.length,
    },
  };
}

const WORKSPACE_ROLE_STRENGTH = ['guest', 'member', 'admin', 'owner'];
const CHANNEL_ROLE_STRENGTH = ['guest', 'member', 'creator', 'admin', 'owner'];

interface MembershipKind<Row> {
  /** The same membership, for another user. */
  rehome(row: Row, userId: string): Row;
  strength(row: Row): number;
  /** The change that gives another row this row's role. */
  roleOf(row: Row): Partial<Omit<Row, 'id'>>;
}

/** Re-homes the source's membership rows on the target; returns how many there were. */
function moveMemberships<Row extends WorkspaceMemberRow | ChannelMemberRow>(
  table: Table<Row>,
  sourceId: string,
  targetId: string,
  kind: MembershipKind<Row>,
): number {
  const rows = [...table.where('user_id', sourceId)];
  for (const row of rows) {
    const moved = kind.rehome(row, targetId);
    const existing = table.get(moved.id);
    table.delete(row);
    if (!existing) table.insert(moved);
    else if (kind.strength(row) > kind.strength(existing)) table.update(existing, kind.roleOf(row));
  }
  return rows.length;
}
