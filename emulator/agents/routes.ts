/**
 * /agents: create, list, read, delete agents and mint their tokens, always within the caller's
 * scope (model/agents.ts). People call with their OAuth token, agents with an agent token;
 * client-credentials tokens belong to no one and get 403.
 */
import { z } from 'zod';
import {
  agentSchema,
  createAgentSchema,
  createAgentTokenSchema,
  createdAgentTokenSchema,
  listAgentsResponseSchema,
} from '../../lib/upstream/contract';
import type { EmulatorDatabase } from '../db';
import type { Caller } from '../guard';
import { HttpError, parseInput, readJsonBody, sendValidated } from '../http';
import {
  AGENT_DIRECTIONS,
  AGENT_PAGE_SIZE,
  agentInScope,
  createAgent,
  deleteAgent,
  listAgents,
  liveAgentInScope,
} from '../model/agents';
import { agentRecord } from '../model/records';
import type { World } from '../model/world';
import type { Route } from '../router';
import { DEFAULT_AGENT_TOKEN_SECONDS, type AgentTokens } from './tokens';

/** Query parameters arrive as strings; empty ones count as absent (the spec marks some nullable). */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || value === '' ? undefined : value), schema.optional());

const listQuerySchema = z.object({
  skip: optionalParam(z.coerce.number().int().min(0)),
  limit: optionalParam(z.coerce.number().int().min(AGENT_PAGE_SIZE.min).max(AGENT_PAGE_SIZE.max)),
  direction: optionalParam(z.enum(AGENT_DIRECTIONS)),
  date: optionalParam(z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'is not an ISO 8601 date-time')),
});

export function agentRoutes(database: EmulatorDatabase, tokens: AgentTokens): Route[] {
  return [
    {
      method: 'POST',
      pattern: /^\/agents$/,
      async handle({ req, res, context }) {
        const world = database.world;
        const root = rootHumanOf(world, context.caller);
        const body = parseInput(createAgentSchema, await readJsonBody(req), 'body');
        sendValidated(res, agentSchema, agentRecord(world, createAgent(world, root, body, Date.now())));
      },
    },
    {
      method: 'GET',
      pattern: /^\/agents$/,
      async handle({ res, context }) {
        const world = database.world;
        const root = rootHumanOf(world, context.caller);
        const params = context.url.searchParams;
        const query = parseInput(
          listQuerySchema,
          {
            skip: params.get('skip'),
            limit: params.get('limit'),
            direction: params.get('direction'),
            date: params.get('date'),
          },
          'query',
        );
        const { agents, total } = listAgents(world, root, {
          skip: query.skip ?? 0,
          limit: query.limit ?? AGENT_PAGE_SIZE.default,
          direction: query.direction ?? 'newer',
          date: query.date === undefined ? null : Date.parse(query.date),
        });
        sendValidated(res, listAgentsResponseSchema, {
          agents: agents.map((agent) => agentRecord(world, agent)),
          total,
        });
      },
    },
    {
      method: 'GET',
      pattern: /^\/agents\/([^/]+)$/,
      async handle({ res, context, params: [id = ''] }) {
        const world = database.world;
        const agent = agentInScope(world, rootHumanOf(world, context.caller), id);
        sendValidated(res, agentSchema, agentRecord(world, agent));
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/agents\/([^/]+)$/,
      async handle({ res, context, params: [id = ''] }) {
        const world = database.world;
        deleteAgent(world, rootHumanOf(world, context.caller), id, Date.now());
        res.writeHead(204).end();
      },
    },
    {
      method: 'POST',
      pattern: /^\/agents\/([^/]+)\/tokens$/,
      async handle({ req, res, context, params: [id = ''] }) {
        const world = database.world;
        const root = rootHumanOf(world, context.caller);
        const agent = liveAgentInScope(world, root, id);
        const { expires_in: lifetime } = parseInput(createAgentTokenSchema, await readJsonBody(req), 'body');
        const minted = await tokens.mint(
          { agentId: agent.id, creatorId: root },
          lifetime ?? DEFAULT_AGENT_TOKEN_SECONDS,
        );
        sendValidated(res, createdAgentTokenSchema, minted);
      },
    },
  ];
}

/**
 * The root human whose agents the caller may manage: a person is their own root; an agent's
 * root is its owner as stored now (not as its token remembers, so merges carry over).
 */
function rootHumanOf(world: World, caller: Caller | null): string {
  if (caller?.kind === 'agent') {
    const agent = world.users.get(caller.claims.agentId);
    if (!agent || agent.account_type !== 'agent' || agent.deleted_at !== null || !agent.creator_id) {
      throw new HttpError(401, 'the agent of this token no longer exists', 'UNAUTHORIZED', {
        'WWW-Authenticate': 'Bearer realm="voice"',
      });
    }
    return agent.creator_id;
  }
  const accountId = caller?.kind === 'oauth' ? caller.token.accountId : null;
  if (!accountId) throw new HttpError(403, 'agents belong to people: call with a user or agent token', 'FORBIDDEN');
  const person = world.users.get(accountId);
  if (person?.account_type === 'agent' && person.creator_id) return person.creator_id;
  return accountId;
}
