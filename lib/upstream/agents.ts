/**
 * One function per /agents operation of the spec. These act as the signed-in operator (their
 * own OAuth token): the service limits each to agents whose `creator_id` is the operator's root
 * human, and answers 403 outside it.
 */
import type { UpstreamClient } from './client';
import { agentSchema, createdAgentTokenSchema, listAgentsResponseSchema, pathSegment } from './contract';

const agentPath = (id: string) => `/agents/${pathSegment(id)}`;

/** POST /agents. Not idempotent: a retry would make a second agent. */
export async function createOwnAgent(client: UpstreamClient, body: { name: string; email?: string }) {
  return (await client.request({ method: 'POST', path: '/agents', body, schema: agentSchema })).data;
}

/** GET /agents with the spec's paging (skip, limit, direction, date). */
export async function listOwnAgents(client: UpstreamClient, query: Record<string, string>) {
  return (await client.request({ method: 'GET', path: '/agents', query, schema: listAgentsResponseSchema })).data;
}

/** GET /agents/{id}: 403 when the agent is outside the caller's scope. */
export async function getOwnAgent(client: UpstreamClient, id: string) {
  return (await client.request({ method: 'GET', path: agentPath(id), schema: agentSchema })).data;
}

/** DELETE /agents/{id}: 204, a soft delete of the agent and its workspaces. */
export async function deleteOwnAgent(client: UpstreamClient, id: string): Promise<void> {
  await client.request({ method: 'DELETE', path: agentPath(id), idempotent: true });
}

/**
 * POST /agents/{id}/tokens. The answer holds a bearer token: the caller hands it to the operator
 * once and keeps it nowhere (the client's log lines carry no bodies).
 */
export async function mintAgentToken(client: UpstreamClient, id: string, expiresInSeconds: number) {
  return (
    await client.request({
      method: 'POST',
      path: `${agentPath(id)}/tokens`,
      body: { expires_in: expiresInSeconds },
      schema: createdAgentTokenSchema,
    })
  ).data;
}
