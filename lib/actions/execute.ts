/**
 * Runs an action definition for a session: session, role and input checked here, the audit
 * intent written before the service is called and the outcome after. Pure server code with
 * its environment passed in, so the role-matrix test drives it directly.
 */
import { z } from 'zod';
import { recordIntent, recordOutcome, recordRefusal, type AuditIntent } from '@/lib/audit/log';
import type { ConsoleDb } from '@/lib/db';
import { operatorFrom, type Operator } from '@/lib/auth/operator';
import { roleAllows, type RoleMapping } from '@/lib/auth/roles';
import type { SessionToken } from '@/lib/auth/session-token';
import type { UpstreamClient, UpstreamLogLine } from '@/lib/upstream/client';
import { describeUpstreamError, isUpstreamError } from '@/lib/upstream/errors';
import { ActionRejectedError, type ActionDefinition, type ActionResult } from './define';

export interface ActionEnvironment {
  session: SessionToken | null;
  roles: RoleMapping;
  db: ConsoleDb;
  /** A client bound to the operator's token that reports each call to `log`. */
  upstreamFor(accessToken: string, log: (line: UpstreamLogLine) => void): UpstreamClient;
}

/** Most of a refused call's input the audit log keeps, as JSON characters. */
const REFUSAL_PARAMS_LIMIT = 4_000;
/** Most target ids a refusal lists. */
const REFUSAL_TARGET_IDS_LIMIT = 100;

/** An input as audit params: objects as they are, anything else under `input`. */
function describeRawInput(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return { ...(raw as Record<string, unknown>) };
  return { input: raw === undefined ? null : typeof raw === 'string' ? raw : JSON.stringify(raw) ?? null };
}

/**
 * A refusal as the audit log keeps it: bounded, because refused calls come from anyone who can
 * reach the console (no session needed), and the log is append-only.
 */
function boundedRefusal(intent: AuditIntent): AuditIntent {
  const targetIds = intent.targetIds ?? [];
  const json = JSON.stringify(intent.params ?? {});
  const params: Record<string, unknown> =
    json.length <= REFUSAL_PARAMS_LIMIT ? { ...intent.params } : { truncated: true, characters: json.length, preview: json.slice(0, REFUSAL_PARAMS_LIMIT) };
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
  const operator: Operator | null = session ? operatorFrom(session, environment.roles) : null;
  const parsed = definition.input.safeParse(rawInput);
  const target = parsed.success ? definition.target(parsed.data) : { type: definition.name.split('.')[0] ?? 'unknown', ids: [] };
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

  const refusal = boundedRefusal(intent);
  if (!operator || !session?.accessToken) {
    await recordRefusal(db, { ...refusal, outcome: 'denied', reason: 'no session' });
    return { ok: false, error: { kind: 'unauthenticated', message: 'Your session has ended. Sign in again.' } };
  }
  if (!operator.hasAdminScope) {
    await recordRefusal(db, { ...refusal, outcome: 'denied', reason: 'no admin scope' });
    return { ok: false, error: { kind: 'forbidden', message: 'Your account does not hold the admin scope.' } };
  }
  if (!roleAllows(operator.role, definition.requiredRole)) {
    await recordRefusal(db, { ...refusal, outcome: 'denied', reason: `requires ${definition.requiredRole}, operator is ${operator.role}` });
    return {
      ok: false,
      error: { kind: 'forbidden', message: `This action needs the ${definition.requiredRole} role; you are ${operator.role}.` },
    };
  }
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    await recordRefusal(db, { ...refusal, outcome: 'invalid', reason: Object.entries(errors).map(([k, v]) => `${k}: ${v.join(', ')}`).join('; ') });
    return { ok: false, error: { kind: 'invalid', message: 'The input is not valid.', fieldErrors: errors } };
  }

  const auditId = definition.auditsItself ? null : await recordIntent(db, intent);
  const calls: UpstreamLogLine[] = [];
  const upstream = environment.upstreamFor(session.accessToken, (line) => calls.push(line));
  const started = performance.now();
  const lastCall = () => calls.at(-1);
  try {
    const data = await definition.run({ operator, upstream, db }, parsed.data);
    if (auditId) await recordOutcome(db, auditId, {
      outcome: 'ok',
      upstreamStatus: lastCall()?.status ?? null,
      upstreamRequestId: lastCall()?.requestId ?? null,
      ...(definition.outcomeSummary ? { errorMessage: definition.outcomeSummary(data) } : {}),
      durationMs: Math.round(performance.now() - started),
    });
    return { ok: true, data, requestId: lastCall()?.requestId ?? null };
  } catch (error) {
    const upstreamError = isUpstreamError(error) ? error : null;
    if (auditId) await recordOutcome(db, auditId, {
      outcome: 'failed',
      upstreamStatus: upstreamError?.status ?? null,
      upstreamRequestId: upstreamError?.requestId ?? null,
      errorMessage: upstreamError
        ? `${upstreamError.message}${upstreamError.mayHaveApplied ? '; no answer, so it may have been applied' : ''}`
        : error instanceof Error
          ? error.message
          : String(error),
      durationMs: Math.round(performance.now() - started),
    });
    if (error instanceof ActionRejectedError) return { ok: false, error: { kind: 'rejected', message: error.message } };
    if (!upstreamError) {
      const reference = auditId ? `audit entry ${auditId}` : `action ${definition.name}`;
      console.error(`[action] ${definition.name} failed unexpectedly (${reference})`, error);
      return { ok: false, error: { kind: 'internal', message: `The console failed unexpectedly. Reference: ${reference}.` } };
    }
    const failure = describeUpstreamError(upstreamError);
    if (upstreamError.kind === 'unauthorized') {
      return { ok: false, error: { kind: 'unauthenticated', message: 'The service did not accept your session. Sign in again.', failure } };
    }
    return { ok: false, error: { kind: 'upstream', message: failure.message, failure } };
  }
}
