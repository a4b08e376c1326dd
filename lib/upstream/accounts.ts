/**
 * One function per accounts-and-structure endpoint of the spec: users (info, active, merge,
 * payment plan), workspaces (members, owner, users outside), channels (visibility, members),
 * the orphan reports and the sequence repair. Set-verified lives in admin.ts.
 */
import type { UpstreamClient } from './client';
import {
  channelSchema,
  orphanedChannelListSchema,
  orphanedNotificationListSchema,
  pathSegment,
  paymentPlanSummarySchema,
  repairSequenceResultSchema,
  setWorkspaceOwnerResultSchema,
  userListSchema,
  workspaceListSchema,
  workspaceMemberRoleListSchema,
  workspaceUserListSchema,
  type MergeUsersDto,
  type SetChannelVisibilityDto,
  type SetWorkspaceOwnerDto,
  type UpdateChannelMemberAdminDto,
  type User,
} from './contract';
import { MAX_USERS_PER_INFO, mergeAnswerSchema } from './contract/accounts';

/** GET /admin/users/info: the users with these ids (unknown ids left out), in batches the service accepts. */
export async function usersInfo(client: UpstreamClient, ids: readonly string[]): Promise<User[]> {
  const unique = [...new Set(ids.filter((id) => id !== ''))];
  const batches: string[][] = [];
  for (let start = 0; start < unique.length; start += MAX_USERS_PER_INFO)
    batches.push(unique.slice(start, start + MAX_USERS_PER_INFO));
  const answers = await Promise.all(
    batches.map((batch) =>
      client.request({
        method: 'GET',
        path: '/admin/users/info',
        query: { users: batch.join(',') },
        schema: userListSchema,
      }),
    ),
  );
  return answers.flatMap((answer) => answer.data);
}

/** GET /admin/users/active. */
export async function activeUsers(client: UpstreamClient): Promise<User[]> {
  return (await client.request({ method: 'GET', path: '/admin/users/active', schema: userListSchema })).data;
}

/** POST /admin/users/merge. Not idempotent: never retried. */
export async function mergeUsers(client: UpstreamClient, body: MergeUsersDto) {
  return (await client.request({ method: 'POST', path: '/admin/users/merge', body, schema: mergeAnswerSchema })).data;
}

/** GET /admin/user/payment-plans/{user_id}. */
export async function paymentPlan(client: UpstreamClient, userId: string) {
  return (
    await client.request({
      method: 'GET',
      path: `/admin/user/payment-plans/${pathSegment(userId)}`,
      schema: paymentPlanSummarySchema,
    })
  ).data;
}

/** GET /admin/workspaces: the signed-in operator's own workspaces, with their role. */
export async function ownWorkspaces(client: UpstreamClient) {
  return (await client.request({ method: 'GET', path: '/admin/workspaces', schema: workspaceListSchema })).data;
}

/** GET /admin/workspace/users: the members of a workspace with their role. */
export async function workspaceMembers(client: UpstreamClient, workspaceGuid: string) {
  return (
    await client.request({
      method: 'GET',
      path: '/admin/workspace/users',
      query: { workspace_guid: workspaceGuid },
      schema: workspaceUserListSchema,
    })
  ).data;
}

/** GET /admin/workspace/users, only each member's id and role (see workspaceMemberRoleListSchema). */
export async function workspaceMemberRoles(client: UpstreamClient, workspaceGuid: string) {
  return (
    await client.request({
      method: 'GET',
      path: '/admin/workspace/users',
      query: { workspace_guid: workspaceGuid },
      schema: workspaceMemberRoleListSchema,
    })
  ).data;
}

/** PUT /admin/workspace/owner; setting the same owner twice changes nothing. */
export async function setWorkspaceOwner(client: UpstreamClient, body: SetWorkspaceOwnerDto) {
  return (
    await client.request({
      method: 'PUT',
      path: '/admin/workspace/owner',
      body,
      schema: setWorkspaceOwnerResultSchema,
      idempotent: true,
    })
  ).data.workspace;
}

/** GET /admin/noworkspace/{id}: accounts not attached to the workspace. */
export async function usersNotInWorkspace(client: UpstreamClient, workspaceGuid: string) {
  return (
    await client.request({
      method: 'GET',
      path: `/admin/noworkspace/${pathSegment(workspaceGuid)}`,
      schema: userListSchema,
    })
  ).data;
}

/** GET /admin/idpProviderNotInWorkspace/{id}: identity-provider accounts not in the workspace. */
export async function idpUsersNotInWorkspace(client: UpstreamClient, workspaceGuid: string) {
  return (
    await client.request({
      method: 'GET',
      path: `/admin/idpProviderNotInWorkspace/${pathSegment(workspaceGuid)}`,
      schema: userListSchema,
    })
  ).data;
}

/** PUT /admin/ra/channels/{id}: answers the channel as it now is. */
export async function setChannelVisibility(client: UpstreamClient, channelId: string, body: SetChannelVisibilityDto) {
  return (
    await client.request({
      method: 'PUT',
      path: `/admin/ra/channels/${pathSegment(channelId)}`,
      body,
      schema: channelSchema,
      idempotent: true,
    })
  ).data;
}

/** PUT /admin/ra/channels/{channelId}/members/{userId}: answers the channel as it now is. */
export async function updateChannelMember(
  client: UpstreamClient,
  channelId: string,
  userId: string,
  body: UpdateChannelMemberAdminDto,
) {
  const path = `/admin/ra/channels/${pathSegment(channelId)}/members/${pathSegment(userId)}`;
  return (await client.request({ method: 'PUT', path, body, schema: channelSchema, idempotent: true })).data;
}

/** GET /admin/orphanedChannels. */
export async function orphanedChannels(client: UpstreamClient) {
  return (await client.request({ method: 'GET', path: '/admin/orphanedChannels', schema: orphanedChannelListSchema }))
    .data;
}

/** GET /admin/orphanedNotifications. */
export async function orphanedNotifications(client: UpstreamClient) {
  return (
    await client.request({
      method: 'GET',
      path: '/admin/orphanedNotifications',
      schema: orphanedNotificationListSchema,
    })
  ).data;
}

/** POST /admin/repairChannelSequenceNumbers: the service's report of what it changed. */
export async function repairChannelSequenceNumbers(client: UpstreamClient) {
  return (
    await client.request({
      method: 'POST',
      path: '/admin/repairChannelSequenceNumbers',
      schema: repairSequenceResultSchema,
    })
  ).data;
}
