/**
 * Approval requests in the console database. Every change of status is one conditional UPDATE
 * (`WHERE status = ...`), so two operators, or two console instances, acting on the same request
 * at once cannot both succeed: one row changes, the other caller is told why not.
 */
import { randomUUID } from 'node:crypto';
import type { ConsoleDb, Queryable } from '@/lib/db';
import { recordNotificationEvent } from '@/lib/notifications/events';
import { approvalHref } from './nav';
import { paramsHash } from './params-hash';
import { forgetWaitingCounts } from './waiting-cache';
import {
  APPROVAL_COLUMNS,
  approvalRowSchema,
  type ApprovalActor,
  type ApprovalPreview,
  type ApprovalRequest,
  type ApprovalStatus,
} from './types';

/** Requests past their expiry that nobody executed become `expired` (read paths call this first). */
export async function expireStaleRequests(db: Queryable): Promise<void> {
  await db.query(
    `UPDATE approval_requests SET status = 'expired' WHERE status IN ('pending', 'approved') AND expires_at <= now()`,
  );
}

export interface NewApprovalRequest {
  action: string;
  /** The action's validated input. */
  params: Record<string, unknown>;
  preview: ApprovalPreview;
  reason: string;
  requester: ApprovalActor;
  ttlMinutes: number;
}

/**
 * Creates a pending request and, in the same transaction, the `approval.waiting` notification
 * event that tells the approvers' channels (lib/notifications).
 */
export async function createApprovalRequest(db: ConsoleDb, request: NewApprovalRequest): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ expires_at: Date }>(
      `INSERT INTO approval_requests (id, action, params, params_hash, preview, reason, status, requester_id, requester_email, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, now() + make_interval(secs => $9)) RETURNING expires_at`,
      [
        id,
        request.action,
        JSON.stringify(request.params),
        paramsHash(request.action, request.params),
        JSON.stringify(request.preview),
        request.reason,
        request.requester.id,
        request.requester.email,
        request.ttlMinutes * 60,
      ],
    );
    await recordNotificationEvent(
      tx,
      {
        kind: 'approval.waiting',
        approvalId: id,
        summary: request.preview.title || request.action,
        requestedBy: request.requester.email,
        expiresAt: new Date(row!.expires_at).toISOString(),
        path: approvalHref(id),
      },
      `approval:${id}:waiting`,
    );
  });
  forgetWaitingCounts();
  return id;
}

/** A break-glass run's row: executed at once by the operator, waiting for review by another. */
export async function createBreakGlassRecord(
  db: Queryable,
  record: Omit<NewApprovalRequest, 'preview' | 'ttlMinutes'>,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO approval_requests (id, action, params, params_hash, reason, status, requester_id, requester_email, approver_id, approver_email,
       break_glass, decided_at, executed_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'executed', $6, $7, $6, $7, true, now(), now(), now())`,
    [
      id,
      record.action,
      JSON.stringify(record.params),
      paramsHash(record.action, record.params),
      record.reason,
      record.requester.id,
      record.requester.email,
    ],
  );
  forgetWaitingCounts();
  return id;
}

export async function getApprovalRequest(db: Queryable, id: string): Promise<ApprovalRequest | null> {
  await expireStaleRequests(db);
  const [row] = await db.query(`SELECT ${APPROVAL_COLUMNS} FROM approval_requests WHERE id = $1`, [id]);
  return row ? approvalRowSchema.parse(row) : null;
}

export interface ApprovalListOptions {
  status?: ApprovalStatus | 'break_glass' | null;
  limit?: number;
  offset?: number;
}

export async function listApprovalRequests(
  db: Queryable,
  options: ApprovalListOptions = {},
): Promise<{ rows: ApprovalRequest[]; total: number }> {
  await expireStaleRequests(db);
  const where = options.status === 'break_glass' ? 'WHERE break_glass' : options.status ? 'WHERE status = $1' : '';
  const params = options.status && options.status !== 'break_glass' ? [options.status] : [];
  const [rows, [count]] = await Promise.all([
    db.query(
      `SELECT ${APPROVAL_COLUMNS} FROM approval_requests ${where} ORDER BY created_at DESC, id DESC LIMIT ${Math.min(options.limit ?? 50, 500)} OFFSET ${Math.max(options.offset ?? 0, 0)}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM approval_requests ${where}`, params),
  ]);
  return { rows: rows.map((row) => approvalRowSchema.parse(row)), total: count?.total ?? 0 };
}

/** Requests the operator could act on now: others' pending requests and others' unreviewed break-glass runs (bind the operator's id as $1). */
const WAITING_FOR = `requester_id <> $1 AND ((status = 'pending' AND expires_at > now()) OR (break_glass AND reviewed_at IS NULL))`;

/** How many requests wait for the operator (WAITING_FOR). */
export async function waitingCountFor(db: Queryable, operatorId: string): Promise<number> {
  const [row] = await db.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM approval_requests WHERE ${WAITING_FOR}`,
    [operatorId],
  );
  return row?.waiting ?? 0;
}

/** The requests waiting for the operator (WAITING_FOR), oldest first: the one waiting longest leads. */
export async function listWaitingFor(db: Queryable, operatorId: string, limit: number): Promise<ApprovalRequest[]> {
  const rows = await db.query(
    `SELECT ${APPROVAL_COLUMNS} FROM approval_requests WHERE ${WAITING_FOR} ORDER BY created_at, id LIMIT $2`,
    [operatorId, Math.min(Math.max(limit, 1), 100)],
  );
  return rows.map((row) => approvalRowSchema.parse(row));
}

/** Why a decision did not apply, read after the conditional update changed nothing. */
export type DecisionRefusal =
  | 'not_found'
  | 'own_request'
  | 'not_own_request'
  | 'expired'
  | 'not_pending'
  | 'not_break_glass'
  | 'already_reviewed';

async function refusalFor(db: Queryable, id: string, actorId: string, expectOwn: boolean): Promise<DecisionRefusal> {
  const request = await getApprovalRequest(db, id);
  if (!request) return 'not_found';
  if (request.status === 'expired') return 'expired';
  if (request.status !== 'pending') return 'not_pending';
  if (expectOwn !== (request.requester.id === actorId)) return expectOwn ? 'not_own_request' : 'own_request';
  return 'not_pending';
}

export type DecisionResult = { ok: true; request: ApprovalRequest } | { ok: false; refusal: DecisionRefusal };

async function decide(
  db: Queryable,
  sql: string,
  params: unknown[],
  id: string,
  actorId: string,
  expectOwn: boolean,
): Promise<DecisionResult> {
  const [row] = await db.query(sql, params);
  forgetWaitingCounts();
  return row
    ? { ok: true, request: approvalRowSchema.parse(row) }
    : { ok: false, refusal: await refusalFor(db, id, actorId, expectOwn) };
}

/** Pending to approved or rejected, by another operator than the requester, before the expiry. */
function decideAsApprover(
  db: Queryable,
  id: string,
  approver: ApprovalActor,
  comment: string | null,
  status: 'approved' | 'rejected',
): Promise<DecisionResult> {
  return decide(
    db,
    `UPDATE approval_requests SET status = $5, approver_id = $2, approver_email = $3, review_comment = $4, decided_at = now()
     WHERE id = $1 AND status = 'pending' AND expires_at > now() AND requester_id <> $2 RETURNING ${APPROVAL_COLUMNS}`,
    [id, approver.id, approver.email, comment, status],
    id,
    approver.id,
    false,
  );
}

export function approveRequest(
  db: Queryable,
  id: string,
  approver: ApprovalActor,
  comment: string | null,
): Promise<DecisionResult> {
  return decideAsApprover(db, id, approver, comment, 'approved');
}

export function rejectRequest(
  db: Queryable,
  id: string,
  approver: ApprovalActor,
  comment: string | null,
): Promise<DecisionResult> {
  return decideAsApprover(db, id, approver, comment, 'rejected');
}

/** Only the requester cancels, and only while pending. */
export function cancelRequest(db: Queryable, id: string, requester: ApprovalActor): Promise<DecisionResult> {
  return decide(
    db,
    `UPDATE approval_requests SET status = 'canceled', decided_at = now()
     WHERE id = $1 AND status = 'pending' AND requester_id = $2 RETURNING ${APPROVAL_COLUMNS}`,
    [id, requester.id],
    id,
    requester.id,
    true,
  );
}

/** The after-the-fact review of a break-glass run, by another operator, once. */
export async function reviewBreakGlass(
  db: Queryable,
  id: string,
  reviewer: ApprovalActor,
  comment: string | null,
): Promise<DecisionResult> {
  const [row] = await db.query(
    `UPDATE approval_requests SET reviewed_by_id = $2, reviewed_by_email = $3, reviewed_at = now(), review_comment = $4
     WHERE id = $1 AND break_glass AND reviewed_at IS NULL AND requester_id <> $2 RETURNING ${APPROVAL_COLUMNS}`,
    [id, reviewer.id, reviewer.email, comment],
  );
  forgetWaitingCounts();
  if (row) return { ok: true, request: approvalRowSchema.parse(row) };
  const request = await getApprovalRequest(db, id);
  if (!request) return { ok: false, refusal: 'not_found' };
  if (!request.breakGlass) return { ok: false, refusal: 'not_break_glass' };
  if (request.reviewedAt) return { ok: false, refusal: 'already_reviewed' };
  return { ok: false, refusal: 'own_request' };
}

/** What an execution left on its request: the outcome, the audit row, and the result to link to. */
export async function recordExecution(
  db: Queryable,
  id: string,
  execution: { outcome: 'ok' | 'failed'; auditId: string; result: Record<string, unknown> | null },
): Promise<void> {
  await db.query(
    `UPDATE approval_requests SET execution_outcome = $2, execution_audit_id = $3, execution_result = $4 WHERE id = $1`,
    [id, execution.outcome, execution.auditId, execution.result === null ? null : JSON.stringify(execution.result)],
  );
}
