/**
 * The operator's own agents, through /agents with the operator's token: create and mint a token
 * (support and ops), soft-delete (ops). A minted token is returned to the operator once and is in
 * no audit row: the audit keeps the agent and the lifetime asked for, never the answer.
 */
import { z } from 'zod';
import { createOwnAgent, deleteOwnAgent, mintAgentToken } from '@/lib/upstream/agents';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { AGENT_TOKEN_LIFETIME } from '@/lib/upstream/contract/agents';
import { defineAction } from './define';

const agentId = serviceIdSchema('agent id');

export const createAgentInputSchema = z.object({
  name: z.string().trim().min(1, 'a name is required').max(200, 'a name is at most 200 characters'),
  email: z
    .string()
    .trim()
    .max(320, 'an e-mail address is at most 320 characters')
    .regex(/^[^\s@]+@[^\s@]+$/, 'not an e-mail address')
    .optional(),
});

export const mintTokenInputSchema = z.object({
  agentId,
  expiresInSeconds: z
    .number()
    .int()
    .min(AGENT_TOKEN_LIFETIME.min, `at least ${AGENT_TOKEN_LIFETIME.min} seconds`)
    .max(AGENT_TOKEN_LIFETIME.max, `at most ${AGENT_TOKEN_LIFETIME.max} seconds (an hour)`)
    .default(AGENT_TOKEN_LIFETIME.default),
});

export const createAgentAction = defineAction({
  name: 'agent.create',
  requiredRole: 'support',
  input: createAgentInputSchema,
  target: (input) => ({ type: 'agent', ids: [input.name] }),
  run: ({ upstream }, input) => createOwnAgent(upstream, input.email ? { name: input.name, email: input.email } : { name: input.name }),
});

export const deleteAgentAction = defineAction({
  name: 'agent.delete',
  requiredRole: 'ops',
  input: z.object({ agentId }),
  target: (input) => ({ type: 'agent', ids: [input.agentId] }),
  run: ({ upstream }, input) => deleteOwnAgent(upstream, input.agentId),
});

export const mintAgentTokenAction = defineAction({
  name: 'agent.mint_token',
  requiredRole: 'support',
  input: mintTokenInputSchema,
  target: (input) => ({ type: 'agent', ids: [input.agentId] }),
  async run({ upstream }, input) {
    const minted = await mintAgentToken(upstream, input.agentId, input.expiresInSeconds);
    return { token: minted.token, expiresAt: minted.expires_at };
  },
});
