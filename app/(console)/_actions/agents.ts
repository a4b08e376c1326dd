'use server';

import type { ActionResult } from '@/lib/actions/guard/define';
import { createAgentAction, deleteAgentAction, mintAgentTokenAction } from '@/lib/actions/agents';
import { performAction } from '@/lib/actions/guard/server';

/** Creates an agent owned by the operator (support and ops). */
export async function createAgent(input: unknown): Promise<ActionResult<{ id: string; name: string | null }>> {
  const result = await performAction(createAgentAction, input);
  return result.ok ? { ...result, data: { id: result.data.id, name: result.data.name } } : result;
}

/** Soft-deletes one of the operator's agents (ops). */
export async function deleteAgent(input: unknown): Promise<ActionResult<null>> {
  const result = await performAction(deleteAgentAction, input);
  return result.ok ? { ...result, data: null } : result;
}

/**
 * Mints a short-lived token for one of the operator's agents (support and ops). The token goes to
 * the browser in this answer only: it is not stored, logged or audited.
 */
export async function mintAgentToken(input: unknown): Promise<ActionResult<{ token: string; expiresAt: string }>> {
  return performAction(mintAgentTokenAction, input);
}
