/** An approval request as the console database keeps it (migration 0040). */
import { z } from 'zod';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'executed', 'canceled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);

/** One line of a preview: what the approver compares, then and now, by label. */
export interface PreviewFact {
  label: string;
  value: string | number | null;
}
export const previewSchema = z.object({
  title: z.string(),
  facts: z.array(z.object({ label: z.string(), value: z.union([z.string(), z.number(), z.null()]) })),
});
export type ApprovalPreview = z.infer<typeof previewSchema>;

const timestamp = z.coerce.date();
const nullableTimestamp = z.coerce.date().nullable();

export const approvalRowSchema = z
  .object({
    id: z.string(),
    action: z.string(),
    params: z.record(z.string(), z.unknown()),
    params_hash: z.string(),
    preview: z.unknown(),
    reason: z.string(),
    status: approvalStatusSchema,
    requester_id: z.string(),
    requester_email: z.string(),
    approver_id: z.string().nullable(),
    approver_email: z.string().nullable(),
    review_comment: z.string().nullable(),
    break_glass: z.boolean(),
    reviewed_by_id: z.string().nullable(),
    reviewed_by_email: z.string().nullable(),
    reviewed_at: nullableTimestamp,
    created_at: timestamp,
    decided_at: nullableTimestamp,
    executed_at: nullableTimestamp,
    expires_at: timestamp,
    execution_outcome: z.enum(['ok', 'failed']).nullable(),
    execution_audit_id: z.string().nullable(),
    execution_result: z.unknown().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    action: row.action,
    params: row.params,
    paramsHash: row.params_hash,
    preview: previewSchema.safeParse(row.preview).data ?? { title: row.action, facts: [] },
    reason: row.reason,
    status: row.status,
    requester: { id: row.requester_id, email: row.requester_email },
    approver: row.approver_id && row.approver_email ? { id: row.approver_id, email: row.approver_email } : null,
    reviewComment: row.review_comment,
    breakGlass: row.break_glass,
    reviewedBy:
      row.reviewed_by_id && row.reviewed_by_email ? { id: row.reviewed_by_id, email: row.reviewed_by_email } : null,
    reviewedAt: row.reviewed_at,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    executedAt: row.executed_at,
    expiresAt: row.expires_at,
    executionOutcome: row.execution_outcome,
    executionAuditId: row.execution_audit_id,
    executionResult: row.execution_result ?? null,
  }));
export type ApprovalRequest = z.output<typeof approvalRowSchema>;

export const APPROVAL_COLUMNS = `id, action, params, params_hash, preview, reason, status, requester_id, requester_email, approver_id,
  approver_email, review_comment, break_glass, reviewed_by_id, reviewed_by_email, reviewed_at, created_at, decided_at, executed_at,
  expires_at, execution_outcome, execution_audit_id, execution_result`;

/** Who acted on a request: the operator's account id (never the display name) and e-mail. */
export interface ApprovalActor {
  id: string;
  email: string;
}
