/** Runs an action from a Next.js server action: the environment comes from the request. */
import 'server-only';
import { headers } from 'next/headers';
import type { ApprovalAuthorization } from '@/lib/approvals/enforce';
import { configuredRoles } from '@/lib/auth/roles';
import { readToken } from '@/lib/auth/session';
import { getConsoleDb } from '@/lib/db';
import { consoleUpstreamClient } from '@/lib/upstream/client';
import type { ActionDefinition, ActionResult } from './define';
import { executeAction } from './execute';

/**
 * `signal` stops the action's long reads. Next 16 gives a server action no signal of the
 * request (vercel/next.js#81418), so callers pass a deadline where a read can be long.
 * `authorization`: the approval or break-glass reason a covered action runs under (lib/approvals).
 */
export async function performAction<Input extends Record<string, unknown>, Output>(
  definition: ActionDefinition<Input, Output>,
  rawInput: unknown,
  options: { signal?: AbortSignal; authorization?: ApprovalAuthorization } = {},
): Promise<ActionResult<Output>> {
  const [session, db, requestHeaders] = await Promise.all([readToken(), getConsoleDb(), headers()]);
  // The nearest client the request names; refusals without a session are counted per source.
  const source = requestHeaders.get('x-forwarded-for')?.split(',')[0]?.trim() || requestHeaders.get('x-real-ip') || 'unknown';
  return executeAction(definition, rawInput, { session, roles: configuredRoles(), db, source, signal: options.signal, authorization: options.authorization, upstreamFor: consoleUpstreamClient });
}
