/**
 * The operator's own agents, through /agents with the operator's token: create and mint a token
 * (support and ops), soft-delete (ops). A minted token is returned to the operator once and is in
 * no audit row: the audit keeps the agent and the lifetime asked for, never the answer.
 */
import { z } from 'zod';
import { createOwnAgent, deleteOwnAgent, mintAgentToken } from '@/lib/upstream/agents';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { createAgentInputSchema, mintTokenInputSchema } from './agent-input';
import { defineAction } from './define';

const agentId = serviceIdSchema('agent id');

export const createAgentAction = defineAction({
  name: 'agent.create',
  requiredRole: 'support',
  input: createAgentInputSchema,
  target: (input) => ({ type: 'agent', ids: [input.name] }),
  run: ({ upstream }, input) =>
    createOwnAgent(upstream, input.email ? { name: input.name, email: input.email } : { name: input.name }),
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
