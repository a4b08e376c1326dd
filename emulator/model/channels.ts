/** Operations on channels and their members, and the orphan reports. */
import type { UpdateChannelMemberAdminDto } from '../../lib/upstream/contract';
import { HttpError } from '../http';
import { channelMemberId, type ChannelRow } from '../seed/channels';
import type { NotificationRow } from '../seed/notifications';
import type { World } from './world';

export function requireChannel(world: World, id: string): ChannelRow {
  const channel = world.channels.get(id);
  if (!channel) throw new HttpError(404, `no channel with guid "${id}"`, 'NOT_FOUND');
  return channel;
}

export function setChannelVisibility(world: World, id: string, visibility: string): ChannelRow {
  const channel = requireChannel(world, id);
  world.channels.update(channel, { visibility });
  return channel;
}

export function updateChannelMember(
  world: World,
  channelId: string,
  userId: string,
  change: UpdateChannelMemberAdminDto,
): ChannelRow {
  const channel = requireChannel(world, channelId);
  const member = world.channelMembers.get(channelMemberId(channelId, userId));
  if (!member) {
    const known = world.users.get(userId) !== undefined;
    throw new HttpError(
      404,
      known ? `user "${userId}" is not a member of channel "${channelId}"` : `no user with id "${userId}"`,
      'NOT_FOUND',
    );
  }
  world.channelMembers.update(member, {
    ...(change.role !== undefined ? { role: change.role } : {}),
    ...(change.status !== undefined ? { status: change.status } : {}),
  });
  return channel;
}

/** Channels whose workspace is absent, unknown or deleted, or whose owner is unknown. */
export function orphanedChannels(world: World): Array<{ channel: ChannelRow; dangling: string[] }> {
  const orphans: Array<{ channel: ChannelRow; dangling: string[] }> = [];
  for (const channel of world.channels.sortedBy('id')) {
    const dangling: string[] = [];
    const workspace = channel.workspace_guid ? world.workspaces.get(channel.workspace_guid) : undefined;
    if (!workspace || workspace.deleted_at !== null) dangling.push('workspace_guid');
    if (channel.owner_guid && !world.users.has(channel.owner_guid)) dangling.push('owner_guid');
    if (dangling.length > 0) orphans.push({ channel, dangling });
  }
  return orphans;
}

/** The references of a notification that must resolve. */
const NOTIFICATION_REFERENCES = ['user_id', 'workspace_id', 'channel_id', 'message_id'] as const;

/** Notifications with a recipient, workspace, channel or message that does not exist. */
export function orphanedNotifications(world: World): Array<{ notification: NotificationRow; dangling: string[] }> {
  const tables = {
    user_id: world.users,
    workspace_id: world.workspaces,
    channel_id: world.channels,
    message_id: world.messages,
  } as const;
  const orphans: Array<{ notification: NotificationRow; dangling: string[] }> = [];
  for (const notification of world.notifications.sortedBy('id')) {
    const dangling = NOTIFICATION_REFERENCES.filter((field) => {
      const id = notification[field];
      return id !== null && !tables[field].has(id);
    });
    if (dangling.length > 0) orphans.push({ notification, dangling });
  }
  return orphans;
}
