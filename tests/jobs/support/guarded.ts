/**
 * The job commands as operators give them: through the action guard, which audits them. Same
 * signatures as lib/jobs's functions, so a test reads like a call of the engine; a refusal is
 * thrown as a JobCommandError with the code the engine gave (or `invalid`).
 */
import type { ActionDefinition } from '@/lib/actions/guard/define';
import { executeAction } from '@/lib/actions/guard/execute';
import {
  cancelJobAction,
  planJobAction,
  planRevertAction,
  retryFailedAction,
  retryPlanAction,
  startJobAction,
} from '@/lib/actions/jobs';
import { approvalSettings } from '@/lib/approvals/policy';
import { parseRoleMapping } from '@/lib/auth/roles';
import type { ConsoleDb } from '@/lib/db';
import type { PlanDeps, PlanJobInput } from '@/lib/jobs/plan';
import { JobCommandError, type JobCommandErrorCode, type JobActor } from '@/lib/jobs/types';
import { UpstreamClient } from '@/lib/upstream/client';

/** A client for commands that make no service call (start, cancel, retry). */
const NO_SERVICE = new UpstreamClient({ baseUrl: 'http://127.0.0.1:9', accessToken: 'unused', log: () => undefined });

async function asOperator<Input extends Record<string, unknown>, Output>(
  definition: ActionDefinition<Input, Output>,
  db: ConsoleDb,
  actor: JobActor,
  input: unknown,
  upstream: UpstreamClient = NO_SERVICE,
): Promise<Output> {
  const result = await executeAction(definition, input, {
    session: {
      sub: actor.id,
      email: actor.email,
      scopes: ['admin'],
      accessToken: 'test-token',
      signedInAt: Date.now(),
    },
    roles: parseRoleMapping(`${actor.email}=${actor.role === 'none' ? 'viewer' : actor.role}`),
    db,
    // The engine's commands, not the four-eyes policy (tests/approvals proves that).
    approvals: approvalSettings({ CONSOLE_APPROVALS: 'off' }),
    upstreamFor: () => upstream,
  });
  if (result.ok) return result.data;
  const code = (result.error.code ?? 'invalid') as JobCommandErrorCode;
  throw new JobCommandError(code, result.error.message);
}

export const planJob = (deps: PlanDeps, actor: JobActor, input: PlanJobInput) =>
  asOperator(planJobAction, deps.db, actor, input, deps.upstream);
export const planRevertJob = (deps: PlanDeps, actor: JobActor, jobId: string) =>
  asOperator(planRevertAction, deps.db, actor, { jobId }, deps.upstream);
export const startJob = (db: ConsoleDb, actor: JobActor, jobId: string, confirmCount: number) =>
  asOperator(startJobAction, db, actor, { jobId, confirmCount });
export const cancelJob = (db: ConsoleDb, actor: JobActor, jobId: string) =>
  asOperator(cancelJobAction, db, actor, { jobId });
export const retryFailedItems = (db: ConsoleDb, actor: JobActor, jobId: string) =>
  asOperator(retryFailedAction, db, actor, { jobId });
export const retryPlanning = (db: ConsoleDb, actor: JobActor, jobId: string) =>
  asOperator(retryPlanAction, db, actor, { jobId });
