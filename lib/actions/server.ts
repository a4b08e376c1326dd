/** Runs an action from a Next.js server action: the environment comes from the request. */
import 'server-only';
import { configuredRoles } from '@/lib/auth/operator';
import { readToken } from '@/lib/auth/session';
import { getConsoleDb } from '@/lib/db';
import { consoleUpstreamClient } from '@/lib/upstream/console-client';
import type { ActionDefinition, ActionResult } from './define';
import { executeAction } from './execute';

export async function performAction<Input extends Record<string, unknown>, Output>(definition: ActionDefinition<Input, Output>, rawInput: unknown): Promise<ActionResult<Output>> {
  const [session, db] = await Promise.all([readToken(), getConsoleDb()]);
  return executeAction(definition, rawInput, { session, roles: configuredRoles(), db, upstreamFor: consoleUpstreamClient });
}
