/**
 * The operator's own agents, through /agents with the operator's token: create and mint a token
 * (support and ops), soft-delete (whoever created the agent). A minted token is returned to the
 * operator once and is in no audit row: the audit keeps the agent and the lifetime asked for,
 * never the answer.
 */
import { z } from 'zod';
import { createOwnAgent, deleteOwnAgent, mintAgentToken } from '@/lib/upstream/agents';
import { isUpstreamError } from '@/lib/upstream/client';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { createAgentInputSchema, mintTokenInputSchema } from './agent-input';
import { ActionRejectedError, defineAction } from './guard/define';

const agentId = serviceIdSchema('agent id');

/** Why someone other than an agent's creator cannot delete it or mint its tokens. */
export const NOT_THE_CREATOR =
  'Only the person who created this agent can delete it or mint its tokens: the service allows no one else, whatever their console role.';

export const createAgentAction = defineAction({
  name: 'agent.create',
  requiredRole: 'support',
  input: createAgentInputSchema,
  target: (input) => ({ type: 'agent', ids: [input.name] }),
  run: ({ upstream }, input) =>
    createOwnAgent(upstream, input.email ? { name: input.name, email: input.email } : { name: input.name }),
});

/**
 * The service lets only the human who created an agent delete it (DELETE /agents/{id} answers 403
 * to anyone else), so a console role adds nothing but a second, contradicting rule: the creator
 * may delete whatever their console role, and everyone else is told why not.
 */
export const deleteAgentAction = defineAction({
  name: 'agent.delete',
  requiredRole: 'viewer',
  input: z.object({ agentId }),
  target: (input) => ({ type: 'agent', ids: [input.agentId] }),
  async run({ upstream }, input) {
    try {
      await deleteOwnAgent(upstream, input.agentId);
    } catch (error) {
      if (isUpstreamError(error) && error.kind === 'forbidden') {
        throw new ActionRejectedError(NOT_THE_CREATOR, 'not_the_creator');
      }
      throw error;
    }
  },
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
