/**
 * PUT /admin/ra/channels/{id} (visibility) and .../members/{userId} (role, membership status),
 * both answering the channel record as react-admin's update expects; and the orphan reports.
 */
import {
  channelSchema,
  orphanedChannelListSchema,
  orphanedNotificationListSchema,
  setChannelVisibilitySchema,
  updateChannelMemberSchema,
} from '../../lib/upstream/contract';
import { parseInput, readJsonBody, sendValidated } from '../http';
import { orphanedChannels, orphanedNotifications, setChannelVisibility, updateChannelMember } from '../model/channels';
import { channelRecord, notificationRecord } from '../model/records';
import type { Route } from '../router';
import type { AdminContext } from './context';

export function channelRoutes({ database }: AdminContext): Route[] {
  return [
    {
      method: 'PUT',
      pattern: /^\/admin\/ra\/channels\/([^/]+)$/,
      async handle({ req, res, params: [id = ''] }) {
        const { visibility } = parseInput(setChannelVisibilitySchema, await readJsonBody(req), 'body');
        const world = database.world;
        sendValidated(res, channelSchema, channelRecord(world, setChannelVisibility(world, id, visibility)));
      },
    },
    {
      method: 'PUT',
      pattern: /^\/admin\/ra\/channels\/([^/]+)\/members\/([^/]+)$/,
      async handle({ req, res, params: [channelId = '', userId = ''] }) {
        const change = parseInput(updateChannelMemberSchema, await readJsonBody(req), 'body');
        const world = database.world;
        sendValidated(res, channelSchema, channelRecord(world, updateChannelMember(world, channelId, userId, change)));
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/orphanedChannels$/,
      async handle({ res }) {
        const world = database.world;
        const orphans = orphanedChannels(world).map(({ channel, dangling }) => ({
          ...channelRecord(world, channel),
          dangling_references: dangling,
        }));
        sendValidated(res, orphanedChannelListSchema, orphans);
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/orphanedNotifications$/,
      async handle({ res }) {
        const orphans = orphanedNotifications(database.world).map(({ notification, dangling }) => ({
          ...notificationRecord(notification),
          dangling_references: dangling,
        }));
        sendValidated(res, orphanedNotificationListSchema, orphans);
      },
    },
  ];
}
