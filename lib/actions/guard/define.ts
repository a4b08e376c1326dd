/**
 * The one path every mutation takes. An action is declared once (name, required role, input
 * schema, targets, what it does); `executeAction` checks the session, the role and the input
 * itself, writes the audit intent before the service is called and the outcome after, and
 * returns a typed result. A covered action also needs a second operator's approval (lib/approvals).
 */
import type { z } from 'zod';
import type { ConsoleRole, Operator, RoleSettings } from '@/lib/auth/roles';
import type { ApprovalSettings } from '@/lib/approvals/policy';
import type { ConsoleDb } from '@/lib/db';
import type { UpstreamClient, UpstreamFailure } from '@/lib/upstream/client';
import type { RejectionLink } from '@/lib/rejected';

export interface ActionContext {
  operator: Operator;
  upstream: UpstreamClient;
  /** The console database, for actions whose effect is the console's own (bulk jobs). */
  db: ConsoleDb;
  /** Aborted when the operator goes away: long reads (a dry run) stop. */
  signal?: AbortSignal;
  /** The four-eyes policy's settings the guard ran this under (lib/approvals/policy.ts); set by executeAction. */
  approvals?: ApprovalSettings;
  /** How roles are resolved (the bootstrap setting, which source wins): for actions that judge another operator's role. */
  roleSettings: RoleSettings;
}

export interface ActionTarget {
  type: string;
  ids: string[];
  /** The bulk job the action concerns, recorded on its audit row. */
  jobId?: string;
}

export interface ActionDefinition<Input extends Record<string, unknown>, Output> {
  /** Dotted name, also the audit log's `action` (e.g. `user.set_verified`). */
  name: string;
  requiredRole: ConsoleRole;
  input: z.ZodType<Input>;
  target(input: Input): ActionTarget;
  run(context: ActionContext, input: Input): Promise<Output>;
  /** What the action did, in a line for its audit row (a job command's counts). */
  summary?(output: Output): string;
}

export type ActionErrorKind = 'unauthenticated' | 'forbidden' | 'invalid' | 'rejected' | 'upstream' | 'internal';

/**
 * Thrown by an action's `run` when the console itself refuses (a job in the wrong state, a
 * confirmation that does not match): the message is written for the operator and safe to show.
 */
export { ActionRejectedError } from '@/lib/rejected';

export interface ActionError {
  kind: ActionErrorKind;
  message: string;
  /** The console's reason code, when it refused the action itself (`rejected`). */
  code?: string;
  /** Per-field messages for forms, when the input was invalid. */
  fieldErrors?: Record<string, string[]>;
  /** The service's failure, when the service refused or failed. */
  failure?: UpstreamFailure;
  /** The page a refusal points at (the domain that already has the name). */
  link?: RejectionLink;
}

export type ActionResult<Output> =
  /** `warning`: done, but something the operator should know (the audit log could not record it). */
  { ok: true; data: Output; requestId: string | null; warning?: string } | { ok: false; error: ActionError };

/** Declares an action; the identity function keeps Input and Output inferred from the schema. */
export function defineAction<Input extends Record<string, unknown>, Output>(
  definition: ActionDefinition<Input, Output>,
): ActionDefinition<Input, Output> {
  return definition;
}
