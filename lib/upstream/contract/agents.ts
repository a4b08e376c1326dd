/**
 * GET /agents paging, as the spec gives it: `skip` (integer, min 0, default 0), `limit` (1 to 100,
 * default 50, nullable), `direction` (`older` or `newer`, default `newer`, nullable), `date`
 * (string). The agent record and the other /agents bodies are in the contract module.
 */
export const AGENT_LIST_LIMIT = { min: 1, max: 100, default: 50 } as const;
export const AGENT_LIST_DIRECTIONS = ['older', 'newer'] as const;
export type AgentListDirection = (typeof AGENT_LIST_DIRECTIONS)[number];
export const AGENT_LIST_DEFAULT_DIRECTION: AgentListDirection = 'newer';

/** Lifetime of a minted agent token the console asks for, in seconds (ASSUMPTION: CreateAgentToken's `expires_in`, at most an hour). */
export const AGENT_TOKEN_LIFETIME = { min: 60, max: 3_600, default: 900 } as const;
