/** The agent forms' inputs, checked by the same schemas in the browser and in the actions. */
import { z } from 'zod';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { AGENT_TOKEN_LIFETIME } from '@/lib/upstream/contract/agents';
import { freeText } from '@/lib/free-text';

const agentId = serviceIdSchema('agent id');

export const createAgentInputSchema = z.object({
  name: freeText({
    min: 1,
    minMessage: 'a name is required',
    max: 200,
    maxMessage: 'a name is at most 200 characters',
  }),
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
