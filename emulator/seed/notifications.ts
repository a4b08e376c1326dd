/**
 * Notifications about messages, sent to channel members. Some point at records that are gone
 * (a purged message, channel, recipient or workspace): the orphaned-notifications report finds
 * them by following the references, not from a list.
 */
import type { SeedContext } from './context';
import { HOSTILE_NAMES } from './hostile';
import { NOTIFICATION_TEXTS } from './names';
import { idFactory, randomFor, type Random } from './random';
import type { GeneratedChannels } from './channels';
import { MESSAGE_ID_PREFIX, type MessageRow } from './messages';
import type { UserRow } from './users';

export type PushInfo = {
  title: string;
  subtitle: string;
  body: string;
  data: Record<string, string>;
};

export interface NotificationRow {
  id: string;
  user_id: string;
  /** `message` or `tag`. */
  type: string;
  workspace_id: string | null;
  channel_id: string | null;
  parent_message_id: string | null;
  message_id: string | null;
  message: string | null;
  from_user_id: string | null;
  /** Epoch milliseconds (ISO 8601 on the wire). */
  created_at: number;
  created_on: number;
  push_info: PushInfo | null;
}

export const NOTIFICATION_ID_PREFIX = 'ntf_';

/** Which reference the first notifications lose, so every preset has each kind of orphan. */
const DANGLING_BY_POSITION = ['message_id', 'channel_id', 'user_id', 'workspace_id'] as const;

export function generateNotifications(
  context: SeedContext,
  users: readonly UserRow[],
  generated: GeneratedChannels,
  messages: readonly MessageRow[],
  purgedWorkspaceIds: readonly string[],
): NotificationRow[] {
  const random = randomFor(context.seed, 'notifications');
  const newId = idFactory(random, NOTIFICATION_ID_PREFIX);
  const humans = users.filter((user) => user.account_type === 'human').map((user) => user.id);
  const membersOf = new Map<string, string[]>();
  for (const member of generated.channelMembers) {
    const list = membersOf.get(member.channel_guid) ?? [];
    list.push(member.user_id);
    membersOf.set(member.channel_guid, list);
  }
  const channelNames = new Map(generated.channels.map((channel) => [channel.id, channel.channel_name]));

  const notifications: NotificationRow[] = [];
  for (let index = 0; index < context.preset.notificationCount; index++) {
    const message = random.pick(messages);
    const channelId = message.channel_guids[0] ?? null;
    const recipients = (channelId ? membersOf.get(channelId) : undefined)?.filter((id) => id !== message.creator_guid);
    const created = message.message_ts + random.int(1_000, 120_000);
    const notification: NotificationRow = {
      id: newId(),
      user_id: recipients && recipients.length > 0 ? random.pick(recipients) : random.pick(humans),
      type: random.chance(0.2) ? 'tag' : 'message',
      workspace_id: message.workspace_guid,
      channel_id: channelId,
      parent_message_id: random.chance(0.05) ? random.pick(messages).id : null,
      message_id: message.id,
      message: notificationText(index, random),
      from_user_id: message.creator_guid,
      created_at: created,
      created_on: created,
      push_info: random.chance(0.1)
        ? null
        : {
            title: (channelId ? channelNames.get(channelId) : null) ?? 'Voice',
            subtitle: random.pick(NOTIFICATION_TEXTS),
            body: (message.transcript_txt ?? '').slice(0, 120),
            data: { message_id: message.id, channel_id: channelId ?? '' },
          },
    };
    const dangling = DANGLING_BY_POSITION[index] ?? (random.chance(0.01) ? random.pick(DANGLING_BY_POSITION) : null);
    if (dangling === 'message_id') notification.message_id = `${MESSAGE_ID_PREFIX}${random.hex(20)}`;
    if (dangling === 'channel_id') notification.channel_id = `chn_${random.hex(20)}`;
    if (dangling === 'user_id') notification.user_id = `usr_${random.hex(20)}`;
    if (dangling === 'workspace_id') notification.workspace_id = random.pick(purgedWorkspaceIds);
    notifications.push(notification);
  }
  return notifications;
}

function notificationText(index: number, random: Random): string | null {
  if (index === 5 || random.chance(0.01)) return random.pick(HOSTILE_NAMES);
  if (random.chance(0.03)) return null;
  return `Someone ${random.pick(NOTIFICATION_TEXTS)}`;
}
