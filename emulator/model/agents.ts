/**
 * Agents: accounts owned by a root human. Every operation acts within the caller's scope: the
 * agents whose `creator_id` is the caller's root human (the caller itself for a person, the
 * agent's owner for an agent, so agents see their siblings).
 */
import { randomBytes } from 'node:crypto';
import { HttpError } from '../http';
import type { UserRow } from '../seed/users';
import { WORKSPACE_ID_PREFIX, workspaceMemberId } from '../seed/workspaces';
import type { World } from './world';

export const AGENT_PAGE_SIZE = { min: 1, max: 100, default: 50 } as const;
export const AGENT_DIRECTIONS = ['older', 'newer'] as const;
export type AgentDirection = (typeof AGENT_DIRECTIONS)[number];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

function newHexId(prefix: string): string {
  return `${prefix}${randomBytes(10).toString('hex')}`;
}

/** Creates the agent and its own workspace (owned by the agent, the root human as admin). */
export function createAgent(
  world: World,
  rootHumanId: string,
  body: { name: string; email?: string | undefined },
  now: number,
): UserRow {
  const id = newHexId('usr_');
  const email = body.email ?? `agent-${id.slice(4)}@agents.example.com`;
  if (!EMAIL_PATTERN.test(email)) throw new HttpError(400, 'email: not an e-mail address', 'INVALID_BODY');
  const lower = email.toLowerCase();
  for (const user of world.users.rows()) {
    // The spec lists 200 and 403 only: an address held by another account is outside the caller's reach.
    if (user.email.toLowerCase() === lower)
      throw new HttpError(403, `email: "${email}" belongs to another account`, 'FORBIDDEN');
  }
  const agent: UserRow = {
    id,
    email,
    first_name: body.name,
    last_name: null,
    image_url: null,
    phone: null,
    verified: true,
    account_type: 'agent',
    idp_provider: null,
    merged_into: null,
    creator_id: rootHumanId,
    created_at: now,
    last_active_at: null,
    deleted_at: null,
  };
  world.users.insert(agent);
  const workspaceId = newHexId(WORKSPACE_ID_PREFIX);
  world.workspaces.insert({
    id: workspaceId,
    workspace_name: `${body.name} workspace`,
    vanity_name: null,
    workspace_description: null,
    image_url: null,
    owner_guid: id,
    type_cd: 'agent',
    plan_type: null,
    created_by: rootHumanId,
    created_ts: now,
    last_updated_ts: now,
    deleted_at: null,
  });
  for (const [userId, role] of [
    [id, 'owner'],
    [rootHumanId, 'admin'],
  ] as const) {
    world.workspaceMembers.insert({
      id: workspaceMemberId(workspaceId, userId),
      workspace_guid: workspaceId,
      user_id: userId,
      role_cd: role,
      joined_ts: now,
    });
  }
  return agent;
}

export interface AgentPage {
  skip: number;
  limit: number;
  direction: AgentDirection;
  /** Epoch milliseconds; the cursor the direction moves away from. */
  date: number | null;
}

/**
 * The live agents of the root human. `newer`: created after `date` (all when absent), oldest
 * first; `older`: created before `date`, newest first. `total` counts before skip and limit.
 */
export function listAgents(world: World, rootHumanId: string, page: AgentPage): { agents: UserRow[]; total: number } {
  const newer = page.direction === 'newer';
  const matching = [...world.users.where('creator_id', rootHumanId)]
    .filter((user) => user.account_type === 'agent' && user.deleted_at === null)
    .filter((user) => page.date === null || (newer ? user.created_at > page.date : user.created_at < page.date))
    .sort((a, b) => (newer ? 1 : -1) * (a.created_at - b.created_at || (a.id < b.id ? -1 : 1)));
  return { agents: matching.slice(page.skip, page.skip + page.limit), total: matching.length };
}

/**
 * The agent, when it belongs to the root human. The spec answers 403 for anything outside the
 * caller's scope and lists no 404: an unknown id, a person's id and another human's agent are all
 * 403 (which also tells a caller nothing about ids it may not see). A soft-deleted agent of the
 * caller is still in scope: reads answer it with `deleted_at`.
 */
export function agentInScope(world: World, rootHumanId: string, id: string): UserRow {
  const agent = world.users.get(id);
  if (!agent || agent.account_type !== 'agent' || agent.creator_id !== rootHumanId) {
    throw new HttpError(403, `agent "${id}" is not one of your agents`, 'FORBIDDEN');
  }
  return agent;
}

/** The agent in scope and not deleted: a deleted agent gets no token (403, the spec's only refusal). */
export function liveAgentInScope(world: World, rootHumanId: string, id: string): UserRow {
  const agent = agentInScope(world, rootHumanId, id);
  if (agent.deleted_at !== null) throw new HttpError(403, `agent "${id}" is deleted`, 'FORBIDDEN');
  return agent;
}

/** Soft-deletes the agent and the workspaces it owns; deleting a deleted agent changes nothing (204). */
export function deleteAgent(world: World, rootHumanId: string, id: string, now: number): void {
  const agent = agentInScope(world, rootHumanId, id);
  if (agent.deleted_at !== null) return;
  world.users.update(agent, { deleted_at: now });
  const owned = [...world.workspaces.where('owner_guid', id)].filter((workspace) => workspace.deleted_at === null);
  world.workspaces.updateMany(
    owned.map((workspace) => [workspace, { deleted_at: now, last_updated_ts: now }] as const),
  );
}
