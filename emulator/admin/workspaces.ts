/** /admin/workspaces, /admin/workspace/*, /admin/noworkspace and /admin/idpProviderNotInWorkspace. */
import { z } from 'zod';
import {
  setWorkspaceOwnerResultSchema,
  setWorkspaceOwnerSchema,
  userListSchema,
  workspaceListSchema,
  workspaceUserListSchema,
} from '../../lib/upstream/contract';
import { HttpError, parseInput, readJsonBody, sendValidated } from '../http';
import { userRecord, workspaceRecord } from '../model/records';
import { setWorkspaceOwner, usersNotInWorkspace, workspacesOfUser, workspaceUsers } from '../model/workspaces';
import type { Route } from '../router';
import { MAX_ID_LENGTH, type AdminContext } from './context';

const workspaceUsersQuerySchema = z.object({
  workspace_guid: z.string({ error: 'is required' }).min(1).max(MAX_ID_LENGTH),
});

export function workspaceRoutes({ database }: AdminContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/admin\/workspaces$/,
      async handle({ res, context }) {
        const accountId = context.caller?.kind === 'oauth' ? context.caller.token.accountId : null;
        if (!accountId) {
          throw new HttpError(403, 'the workspaces of the current user need a token of a signed-in user', 'FORBIDDEN');
        }
        const workspaces = workspacesOfUser(database.world, accountId).map(({ workspace, role }) => ({
          ...workspaceRecord(workspace),
          role_cd: role,
        }));
        sendValidated(res, workspaceListSchema, workspaces);
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/workspace\/users$/,
      async handle({ res, context }) {
        const query = { workspace_guid: context.url.searchParams.get('workspace_guid') ?? undefined };
        const { workspace_guid } = parseInput(workspaceUsersQuerySchema, query, 'workspace_guid');
        const users = workspaceUsers(database.world, workspace_guid).map(({ user, role }) => ({
          ...userRecord(user),
          role_cd: role,
        }));
        sendValidated(res, workspaceUserListSchema, users);
      },
    },
    {
      method: 'PUT',
      pattern: /^\/admin\/workspace\/owner$/,
      async handle({ req, res }) {
        const body = parseInput(setWorkspaceOwnerSchema, await readJsonBody(req), 'body');
        const workspace = setWorkspaceOwner(database.world, body, Date.now());
        sendValidated(res, setWorkspaceOwnerResultSchema, { success: true, workspace: workspaceRecord(workspace) });
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/noworkspace\/([^/]+)$/,
      async handle({ res, params: [id = ''] }) {
        sendValidated(res, userListSchema, usersNotInWorkspace(database.world, id, false).map(userRecord));
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/idpProviderNotInWorkspace\/([^/]+)$/,
      async handle({ res, params: [id = ''] }) {
        sendValidated(res, userListSchema, usersNotInWorkspace(database.world, id, true).map(userRecord));
      },
    },
  ];
}
