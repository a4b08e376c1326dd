/**
 * Runs an action definition for a session: session, role and input checked here, the audit
 * intent written before the service is called and the outcome after. Pure server code with
 * its environment passed in, so the role-matrix test drives it directly.
 */
import { z } from 'zod';
import { recordIntent, recordOutcome, recordRefusal, type AuditIntent } from '@/lib/audit/log';
import { boundedParams } from '@/lib/audit/bounded';
import { failedOutcome } from '@/lib/audit/outcome';
import { recordAnonymousRefusal } from '@/lib/audit/refusals';
import {
  authorizeCoveredAction,
  completeGrant,
  grantParams,
  type ApprovalAuthorization,
} from '@/lib/approvals/enforce';
import { approvalSettings, type ApprovalSettings } from '@/lib/approvals/policy';
import type { ConsoleDb } from '@/lib/db';
import {
  DEFAULT_ROLE_SOURCE,
  type Operator,
  roleAllows,
  type RoleMapping,
  type RoleSettings,
  type RoleSource,
} from '@/lib/auth/roles';
import { sessionOperator } from '@/lib/operators/roles';
import type { SessionToken } from '@/lib/auth/session-cookie';
import {
  type UpstreamClient,
  type UpstreamLogLine,
  describeUpstreamError,
  isUpstreamError,
} from '@/lib/upstream/client';
import { ActionRejectedError } from '@/lib/rejected';
import type { ActionDefinition, ActionResult } from './define';
import { logger } from '@/lib/observability/logger';

export interface ActionEnvironment {
  session: SessionToken | null;
  /** The bootstrap setting (CONSOLE_ROLES); the role itself is resolved from the database per call. */
  roles: RoleMapping;
  /** Which wins, the database or the setting (CONSOLE_ROLE_SOURCE); `database` when absent. */
  roleSource?: RoleSource;
  db: ConsoleDb;
  /** Aborted when the caller goes away (passed to the action's run). */
  signal?: AbortSignal;
  /** Where the call came from (the client's address), for counting refusals without a session. */
  source?: string;
  /** A client bound to the operator's token that reports each call to `log`. */
  upstreamFor(accessToken: string, log: (line: UpstreamLogLine) => void): UpstreamClient;
  /** The four-eyes policy (lib/approvals/policy.ts); read from the environment when absent. */
  approvals?: ApprovalSettings;
  /** The approval (or break-glass reason) a covered action runs under. */
  authorization?: ApprovalAuthorization;
}

/** Most of a refused call's input the audit log keeps, as bytes of JSON. */
const REFUSAL_PARAMS_BYTES = 4_000;
/** Most target ids a refusal lists. */
const REFUSAL_TARGET_IDS_LIMIT = 100;

/**
 * An input as audit params: objects as they are, anything else under `input`. Made JSON-safe
 * here (boundedParams turns a BigInt into text), since JSON.stringify throws on one and a
 * refusal must be recorded whatever the caller sent.
 */
function describeRawInput(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return boundedParams(raw as Record<string, unknown>);
  return boundedParams({ input: raw === undefined ? null : raw });
}

/** A refusal as the audit log keeps it: bounded, because the log is append-only. */
function boundedRefusal(intent: AuditIntent): AuditIntent {
  const targetIds = intent.targetIds ?? [];
  const params: Record<string, unknown> = boundedParams(intent.params ?? {}, REFUSAL_PARAMS_BYTES);
  if (targetIds.length > REFUSAL_TARGET_IDS_LIMIT) params.targetIdCount = targetIds.length;
  return { ...intent, targetIds: targetIds.slice(0, REFUSAL_TARGET_IDS_LIMIT), params };
}

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'input';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export async function executeAction<Input extends Record<string, unknown>, Output>(
  definition: ActionDefinition<Input, Output>,
  rawInput: unknown,
  environment: ActionEnvironment,
): Promise<ActionResult<Output>> {
  const { session, db } = environment;
  const roleSettings: RoleSettings = {
    bootstrap: environment.roles,
    source: environment.roleSource ?? DEFAULT_ROLE_SOURCE,
  };
  let operator: Operator | null = null;
  try {
    operator = session ? await sessionOperator(db, session, roleSettings) : null;
  } catch (error) {
    // Without the role the guard cannot decide: refuse rather than guess (fail closed).
    logger('action').error({ err: error }, `${definition.name}: could not read the operator's role`);
    return {
      ok: false,
      error: {
        kind: 'internal',
        message: 'The console database did not answer, so your role was not checked. Try again.',
      },
    };
  }
  const parsed = definition.input.safeParse(rawInput);
  const target = parsed.success
    ? definition.target(parsed.data)
    : { type: definition.name.split('.')[0] ?? 'unknown', ids: [] };
  const intent: AuditIntent = {
    operatorId: operator?.id ?? 'anonymous',
    operatorEmail: operator?.email ?? 'anonymous',
    operatorRole: operator?.hasAdminScope ? operator.role : 'none',
    action: definition.name,
    targetType: target.type,
    targetIds: target.ids,
    params: parsed.success ? parsed.data : describeRawInput(rawInput),
    ...('jobId' in target && target.jobId ? { jobId: target.jobId } : {}),
  };

  if (!operator || !session) {
    await recordAnonymousRefusal(db, {
      action: definition.name,
      targetType: target.type,
      source: environment.source ?? 'unknown',
      reason: 'no session',
    }).catch((error: unknown) =>
      logger('action').error({ err: error }, `${definition.name}: could not count a refusal without a session`),
    );
    return { ok: false, error: { kind: 'unauthenticated', message: 'Your session has ended. Sign in again.' } };
  }
  const refusal = boundedRefusal(intent);
  // Before the token check: a session without the admin scope never holds the service's tokens.
  if (!operator.hasAdminScope) {
    await recordRefusal(db, { ...refusal, outcome: 'denied', reason: 'no admin scope' });
    return {
      ok: false,
      error: { kind: 'forbidden', message: 'This needs the admin scope, which your account does not hold.' },
    };
  }
  if (!session.accessToken) {
    await recordRefusal(db, { ...refusal, outcome: 'denied', reason: 'no session' });
    return { ok: false, error: { kind: 'unauthenticated', message: 'Your session has ended. Sign in again.' } };
  }
  if (!roleAllows(operator.role, definition.requiredRole)) {
    await recordRefusal(db, {
      ...refusal,
      outcome: 'denied',
      reason: `requires ${definition.requiredRole}, operator is ${operator.role}`,
    });
    return {
      ok: false,
      error: {
        kind: 'forbidden',
        message: `This action needs the ${definition.requiredRole} role; you are ${operator.role}.`,
      },
    };
  }
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    await recordRefusal(db, {
      ...refusal,
      outcome: 'invalid',
      reason: Object.entries(errors)
        .map(([k, v]) => `${k}: ${v.join(', ')}`)
        .join('; '),
    });
    return { ok: false, error: { kind: 'invalid', message: 'The input is not valid.', fieldErrors: errors } };
  }

  // Four-eyes: a covered action runs only under an approval for exactly this input (lib/approvals).
  const approvals = environment.approvals ?? approvalSettings();
  const approval = await authorizeCoveredAction(
    db,
    definition.name,
    parsed.data,
    operator,
    environment.authorization,
    approvals,
  );
  if (!approval.ok) {
    await recordRefusal(db, { ...refusal, outcome: 'denied', reason: approval.reason });
    return { ok: false, error: { kind: 'rejected', message: approval.message, code: 'approval_required' } };
  }
  const auditId = await recordIntent(
    db,
    approval.grant ? { ...intent, params: { ...parsed.data, ...grantParams(approval.grant) } } : intent,
  );
  const calls: UpstreamLogLine[] = [];
  const upstream = environment.upstreamFor(session.accessToken, (line) => calls.push(line));
  const started = performance.now();
  const lastCall = () => calls.at(-1);
  // What the service did and whether the log could record it are kept apart: a failed outcome
  // write must not turn an applied change into a failure the operator would retry.
  let result: { ok: true; data: Output } | { ok: false; error: unknown };
  try {
    result = {
      ok: true,
      data: await definition.run(
        { operator, upstream, db, signal: environment.signal, approvals, roleSettings },
        parsed.data,
      ),
    };
  } catch (error) {
    result = { ok: false, error };
  }
  const durationMs = Math.round(performance.now() - started);
  const recorded = await recordOutcome(
    db,
    auditId,
    result.ok
      ? {
          outcome: 'ok',
          upstreamStatus: lastCall()?.status ?? null,
          upstreamRequestId: lastCall()?.requestId ?? null,
          summary: definition.summary?.(result.data) ?? null,
          durationMs,
        }
      : failedOutcome(result.error, durationMs),
  ).then(
    () => true,
    (error: unknown) => {
      logger('action').error(
        { err: error },
        `${definition.name}: could not record the outcome of audit entry ${auditId}`,
      );
      return false;
    },
  );
  if (approval.grant)
    await completeGrant(db, approval.grant, {
      outcome: result.ok ? 'ok' : 'failed',
      auditId,
      output: result.ok ? result.data : null,
    });
  if (result.ok) {
    const warning = recorded
      ? {}
      : {
          warning: `Done. The audit log could not record the outcome (audit entry ${auditId} stays pending); do not repeat the action.`,
        };
    return { ok: true, data: result.data, requestId: lastCall()?.requestId ?? null, ...warning };
  }
  const { error } = result;
  const upstreamError = isUpstreamError(error) ? error : null;
  if (error instanceof ActionRejectedError) {
    return {
      ok: false,
      error: {
        kind: 'rejected',
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.link ? { link: error.link } : {}),
      },
    };
  }
  if (!upstreamError) {
    const reference = `audit entry ${auditId}`;
    logger('action').error({ err: error }, `${definition.name} failed unexpectedly (${reference})`);
    return {
      ok: false,
      error: { kind: 'internal', message: `The console failed unexpectedly. Reference: ${reference}.` },
    };
  }
  const failure = describeUpstreamError(upstreamError);
  if (upstreamError.kind === 'unauthorized') {
    return {
      ok: false,
      error: { kind: 'unauthenticated', message: 'The service did not accept your session. Sign in again.', failure },
    };
  }
  return { ok: false, error: { kind: 'upstream', message: failure.message, failure } };
}
