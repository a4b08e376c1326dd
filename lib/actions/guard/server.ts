/** Runs an action from a Next.js server action: the environment comes from the request. */
import 'server-only';
import { headers } from 'next/headers';
import type { ApprovalAuthorization } from '@/lib/approvals/enforce';
import { configuredRoleSettings } from '@/lib/auth/roles';
import { readToken } from '@/lib/auth/session';
import { getConsoleDb } from '@/lib/db';
import { currentRequest } from '@/lib/observability/request-context';
import { observabilitySettings } from '@/lib/observability/settings';
import { clientAddress } from '@/lib/security/client-address';
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
  // Refusals without a session are counted per source: X-Forwarded-For is believed only from
  // the reverse proxies in TRUSTED_PROXIES, so a client cannot choose the address it is counted under.
  const source = clientAddress(
    currentRequest()?.peer,
    requestHeaders.get('x-forwarded-for'),
    observabilitySettings().trustedProxies,
  );
  const roles = configuredRoleSettings();
  return executeAction(definition, rawInput, {
    session,
    roles: roles.bootstrap,
    roleSource: roles.source,
    db,
    source,
    signal: options.signal,
    authorization: options.authorization,
    upstreamFor: consoleUpstreamClient,
  });
}
