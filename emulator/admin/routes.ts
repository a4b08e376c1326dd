/**
 * The /admin routes (after authentication, see guard.ts). Due reprocess outcomes are applied
 * before each request, so every read, list and statistic sees them.
 */
import { settleProcessing } from '../model/messages';
import type { Route } from '../router';
import { channelRoutes } from './channels';
import type { AdminContext } from './context';
import { domainRoutes } from './domains';
import { messageRoutes } from './messages';
import { raRoutes } from './ra';
import { userRoutes } from './users';
import { workspaceRoutes } from './workspaces';

export function adminRoutes(context: AdminContext): Route[] {
  // The operation routes come first: /admin/ra/channels/{id} is also a shape the generic read matches.
  const routes = [
    ...messageRoutes(context),
    ...userRoutes(context),
    ...workspaceRoutes(context),
    ...channelRoutes(context),
    ...domainRoutes(context),
    ...raRoutes(context),
  ];
  return routes.map((route) => ({
    ...route,
    async handle(input) {
      settleProcessing(context.database.world, Date.now());
      await route.handle(input);
    },
  }));
}
