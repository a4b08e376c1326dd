/** Operations on workspaces and their members. */
import type { SetWorkspaceOwnerDto } from '../../lib/upstream/contract';
import { HttpError } from '../http';
import type { UserRow } from '../seed/users';
import type { WorkspaceRow } from '../seed/workspaces';
import { workspaceMemberId } from '../seed/workspaces';
import type { World } from './world';

export function requireWorkspace(world: World, guid: string): WorkspaceRow {
  const workspace = world.workspaces.get(guid);
  if (!workspace) throw new HttpError(404, `no workspace with guid "${guid}"`, 'NOT_FOUND');
  return workspace;
}

/** The workspaces a user belongs to, with the user's role in each, newest first. */
export function workspacesOfUser(world: World, userId: string): Array<{ workspace: WorkspaceRow; role: string }> {
  return [...world.workspaceMembers.where('user_id', userId)]
    .flatMap((member) => {
      const workspace = world.workspaces.get(member.workspace_guid);
      return workspace ? [{ workspace, role: member.role_cd }] : [];
    })
    .sort((a, b) => b.workspace.created_ts - a.workspace.created_ts || (a.workspace.id < b.workspace.id ? -1 : 1));
}

/** The members of a workspace with their roles, by e-mail. */
export function workspaceUsers(world: World, guid: string): Array<{ user: UserRow; role: string }> {
  requireWorkspace(world, guid);
  return [...world.workspaceMembers.where('workspace_guid', guid)]
    .flatMap((member) => {
      const user = world.users.get(member.user_id);
      return user ? [{ user, role: member.role_cd }] : [];
    })
    .sort((a, b) => (a.user.email < b.user.email ? -1 : a.user.email > b.user.email ? 1 : 0));
}

/**
 * Accounts that could join the workspace: not members, not merged, not deleted; with
 * `identityProviderOnly`, only those that sign in through an identity provider.
 */
export function usersNotInWorkspace(world: World, guid: string, identityProviderOnly: boolean): UserRow[] {
  requireWorkspace(world, guid);
  const members = new Set([...world.workspaceMembers.where('workspace_guid', guid)].map((member) => member.user_id));
  return [...world.users.rows()]
    .filter(
      (user) =>
        !members.has(user.id) &&
        !user.merged_into &&
        user.deleted_at === null &&
        (!identityProviderOnly || (user.idp_provider !== null && user.idp_provider !== '')),
    )
    .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

/** The new owner must already be a member; the previous owner stays on as an admin. */
export function setWorkspaceOwner(
  world: World,
  { workspace_guid, user_guid }: SetWorkspaceOwnerDto,
  now: number,
): WorkspaceRow {
  const workspace = requireWorkspace(world, workspace_guid);
  if (workspace.deleted_at !== null)
    throw new HttpError(409, `workspace "${workspace_guid}" is deleted`, 'WORKSPACE_DELETED');
  const membership = world.workspaceMembers.get(workspaceMemberId(workspace_guid, user_guid));
  if (!membership) {
    const known = world.users.get(user_guid) !== undefined;
    throw new HttpError(
      400,
      known ? `user "${user_guid}" is not a member of workspace "${workspace_guid}"` : `no user with id "${user_guid}"`,
      'NOT_A_MEMBER',
    );
  }
  if (workspace.owner_guid === user_guid) return workspace;
  const previous = workspace.owner_guid
    ? world.workspaceMembers.get(workspaceMemberId(workspace_guid, workspace.owner_guid))
    : undefined;
  if (previous) world.workspaceMembers.update(previous, { role_cd: 'admin' });
  world.workspaceMembers.update(membership, { role_cd: 'owner' });
  world.workspaces.update(workspace, { owner_guid: user_guid, last_updated_ts: now });
  return workspace;
}
