/**
 * The append-only audit log of operator actions. Each mutating action writes its intent before
 * the call to the service and completes it with the outcome after; a refused action (denied or
 * invalid) writes one complete row. The database refuses any other change (see the migration).
 * Pure server code: no React, no Next.
 */
import { z } from 'zod';
import { CONSOLE_ROLES } from '@/lib/auth/roles';
import type { Queryable } from '@/lib/db';
import { boundedParams, boundedText, type JsonValue } from './bounded';
import { AUDIT_OUTCOMES, type AuditFilters } from './filters';

export { AUDIT_OUTCOMES, parseAuditFilters, parseAuditPageParams } from './filters';
export type {
  AuditFilterErrors,
  AuditPageParams,
  AuditFilterParam,
  AuditFilters,
  AuditOutcomeValue,
  ParsedAuditFilters,
} from './filters';

/** The roles an audit row records: the console's, or `none` for a caller without a session. */
export const OPERATOR_ROLES = [...CONSOLE_ROLES, 'none'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The row's id: the decimal text of a bigserial. */
export type AuditId = string;

const MAX_MESSAGE_CHARS = 2_000;
const MAX_REQUEST_ID_CHARS = 200;
const MAX_DURATION_MS = 2_147_483_647;
const MAX_PAGE_SIZE = 500;

const auditIntentSchema = z.object({
  operatorId: z.string().min(1).max(200),
  operatorEmail: z.string().min(1).max(320),
  operatorRole: z.enum(OPERATOR_ROLES),
  /** `<area>.<verb>`, e.g. `user.set_verified`, `message.reprocess`. */
  action: z
    .string()
    .max(100)
    .regex(/^[a-z][\w-]*(\.[a-zA-Z][\w-]*)+$/, 'action must look like area.verb (user.set_verified)'),
  targetType: z.string().min(1).max(100),
  targetIds: z.array(z.string().min(1).max(256)).max(10_000).default([]),
  /** The validated parameters; never secrets (secret-looking keys are redacted all the same). */
  params: z.record(z.string(), z.unknown()).default({}),
  jobId: z.string().min(1).max(200).optional(),
});
export type AuditIntent = z.input<typeof auditIntentSchema>;

const auditOutcomeSchema = z.object({
  outcome: z.enum(['ok', 'failed']),
  upstreamStatus: z.number().int().min(100).max(599).nullish(),
  upstreamRequestId: z.string().nullish(),
  /** What went wrong, when something did. */
  errorMessage: z.string().nullish(),
  /** What the action did, in a line (a job command's counts, a run's totals). */
  summary: z.string().nullish(),
  durationMs: z.number().nonnegative(),
});
export type AuditOutcome = z.input<typeof auditOutcomeSchema>;

export type AuditRefusal = AuditIntent & { outcome: 'denied' | 'invalid'; reason: string };

const auditIdSchema = z.string().regex(/^[1-9]\d{0,18}$/, 'an audit id is the decimal text of a positive bigint');

export const auditRowSchema = z
  .object({
    id: z.string(),
    occurred_at: z.date(),
    operator_id: z.string(),
    operator_email: z.string(),
    operator_role: z.enum(OPERATOR_ROLES),
    action: z.string(),
    target_type: z.string(),
    target_ids: z.array(z.string()),
    params: z.custom<JsonValue>(),
    outcome: z.enum(AUDIT_OUTCOMES),
    denial_reason: z.string().nullable(),
    upstream_status: z.number().nullable(),
    upstream_request_id: z.string().nullable(),
    error_message: z.string().nullable(),
    summary: z.string().nullable(),
    duration_ms: z.number().nullable(),
    completed_at: z.date().nullable(),
    job_id: z.string().nullable(),
    refusal_count: z.number().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    occurredAt: row.occurred_at,
    operatorId: row.operator_id,
    operatorEmail: row.operator_email,
    operatorRole: row.operator_role,
    action: row.action,
    targetType: row.target_type,
    targetIds: row.target_ids,
    params: row.params,
    outcome: row.outcome,
    denialReason: row.denial_reason,
    upstreamStatus: row.upstream_status,
    upstreamRequestId: row.upstream_request_id,
    errorMessage: row.error_message,
    summary: row.summary,
    durationMs: row.duration_ms,
    completedAt: row.completed_at,
    jobId: row.job_id,
    /** For a refusal without a session: how many such calls its window counted (see refusals.ts). */
    refusalCount: row.refusal_count,
  }));

/** What a bulk job's item did to its record (see history.ts): the record's status before and after. */
export interface JobItemChange {
  /** The item's own status in its job: ok, failed, unknown (sent, outcome not recorded) or in_flight. */
  status: string;
  before: string | null;
  after: string | null;
  /** The status a set-status job asked for. */
  targetStatus: string | null;
}

/** An entry of the log, or (in a record's history) a bulk job's item shown as one. */
export type AuditRow = z.output<typeof auditRowSchema> & { jobItem?: JobItemChange };

export const ROW_COLUMNS = `id::text AS id, occurred_at, operator_id, operator_email, operator_role, action, target_type,
  target_ids, params, outcome, denial_reason, upstream_status, upstream_request_id, error_message, summary, duration_ms,
  completed_at, job_id,
  (SELECT t.count FROM audit_refusal_tallies t WHERE t.audit_id = audit_log.id LIMIT 1) AS refusal_count`;

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`Invalid ${what}:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

async function insertEntry(
  db: Queryable,
  entry: AuditIntent,
  completion: { outcome: 'pending' } | { outcome: 'denied' | 'invalid'; reason: string },
): Promise<AuditId> {
  const intent = parseOrThrow(auditIntentSchema, entry, 'audit entry');
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO audit_log (operator_id, operator_email, operator_role, action, target_type, target_ids, params,
       job_id, outcome, denial_reason, completed_at)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7::jsonb, $8, $9, $10, CASE WHEN $9 = 'pending' THEN NULL ELSE now() END)
     RETURNING id::text AS id`,
    [
      boundedText(intent.operatorId),
      boundedText(intent.operatorEmail),
      intent.operatorRole,
      intent.action,
      boundedText(intent.targetType),
      intent.targetIds.map((id) => boundedText(id)),
      JSON.stringify(boundedParams(intent.params)),
      intent.jobId === undefined ? null : boundedText(intent.jobId),
      completion.outcome,
      completion.outcome === 'pending' ? null : boundedText(completion.reason, MAX_MESSAGE_CHARS),
    ],
  );
  if (!row) throw new Error('audit_log insert returned no id');
  return row.id;
}

/** Writes the intent of an action, before the call to the service; complete it with recordOutcome. */
export function recordIntent(db: Queryable, entry: AuditIntent): Promise<AuditId> {
  return insertEntry(db, entry, { outcome: 'pending' });
}

/** Writes a refused action (no permission, or input that failed validation) as one complete row. */
export function recordRefusal(db: Queryable, entry: AuditRefusal): Promise<AuditId> {
  const { outcome, reason, ...intent } = entry;
  return insertEntry(db, intent, { outcome, reason });
}

/** Completes a pending entry with what the service answered. Throws if it is not pending. */
export async function recordOutcome(db: Queryable, id: AuditId, outcome: AuditOutcome): Promise<void> {
  const auditId = parseOrThrow(auditIdSchema, id, 'audit id');
  const result = parseOrThrow(auditOutcomeSchema, outcome, 'audit outcome');
  const updated = await db.query(
    `UPDATE audit_log
     SET outcome = $2, upstream_status = $3, upstream_request_id = $4, error_message = $5, duration_ms = $6,
         summary = $7, completed_at = now()
     WHERE id = $1::bigint AND outcome = 'pending'
     RETURNING id`,
    [
      auditId,
      result.outcome,
      result.upstreamStatus ?? null,
      result.upstreamRequestId == null ? null : boundedText(result.upstreamRequestId, MAX_REQUEST_ID_CHARS),
      result.errorMessage == null ? null : boundedText(result.errorMessage, MAX_MESSAGE_CHARS),
      Math.min(Math.round(result.durationMs), MAX_DURATION_MS),
      result.summary == null ? null : boundedText(result.summary, MAX_MESSAGE_CHARS),
    ],
  );
  if (updated.length === 0)
    throw new Error(`Audit entry ${auditId} is not pending: unknown id, or its outcome is already recorded`);
}

/** WHERE conditions for the filters, binding their values into `params`. */
export function filterConditions(filters: AuditFilters, params: unknown[]): string[] {
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions: string[] = [];
  if (filters.operator) conditions.push(`strpos(lower(operator_email), lower(${bind(filters.operator)})) > 0`);
  if (filters.operatorId) conditions.push(`operator_id = ${bind(filters.operatorId)}`);
  if (filters.action) {
    conditions.push(
      filters.action.endsWith('.')
        ? `starts_with(action, ${bind(filters.action)})`
        : `action = ${bind(filters.action)}`,
    );
  }
  // @> (not = ANY) so that the GIN index on target_ids serves it.
  if (filters.target) conditions.push(`target_ids @> ARRAY[${bind(filters.target)}::text]`);
  if (filters.targetType) conditions.push(`target_type = ${bind(filters.targetType)}`);
  if (filters.outcome) conditions.push(`outcome = ${bind(filters.outcome)}`);
  if (filters.from) conditions.push(`occurred_at >= ${bind(filters.from.toISOString())}::timestamptz`);
  if (filters.to) conditions.push(`occurred_at < ${bind(filters.to.toISOString())}::timestamptz`);
  return conditions;
}

const whereClause = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');

export const pageSchema = z.object({
  offset: z.number().int().nonnegative(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE),
});

/** One page of entries matching the filters, newest first (or oldest first), and how many match in all. */
export async function queryAudit(
  db: Queryable,
  filters: AuditFilters,
  page: { offset: number; limit: number },
  order: 'asc' | 'desc' = 'desc',
): Promise<{ rows: AuditRow[]; total: number }> {
  const { offset, limit } = parseOrThrow(pageSchema, page, 'audit page');
  // A literal from a closed set, never caller text, goes into the SQL.
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const params: unknown[] = [];
  const where = whereClause(filterConditions(filters, params));
  const [rows, counts] = await Promise.all([
    db.query(
      `SELECT ${ROW_COLUMNS} FROM audit_log ${where}
       ORDER BY occurred_at ${direction}, id ${direction} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log ${where}`, params),
  ]);
  return { rows: rows.map((row) => auditRowSchema.parse(row)), total: counts[0]?.total ?? 0 };
}

/**
 * The newest entries with any of the outcomes, newest first, in one statement without a count:
 * one index walk per outcome (the outcome index), merged.
 */
export async function latestWithOutcomes(
  db: Queryable,
  outcomes: readonly (typeof AUDIT_OUTCOMES)[number][],
  limit: number,
): Promise<AuditRow[]> {
  const { limit: bounded } = parseOrThrow(pageSchema, { offset: 0, limit }, 'audit page');
  const wanted = z.array(z.enum(AUDIT_OUTCOMES)).min(1).parse(outcomes);
  const branches = wanted.map(
    (_, index) =>
      `(SELECT ${ROW_COLUMNS} FROM audit_log WHERE outcome = $${index + 2} ORDER BY occurred_at DESC, id DESC LIMIT $1)`,
  );
  const rows = await db.query(
    `SELECT * FROM (${branches.join(' UNION ALL ')}) latest ORDER BY occurred_at DESC, id DESC LIMIT $1`,
    [bounded, ...wanted],
  );
  return rows.map((row) => auditRowSchema.parse(row));
}

/**
 * Every entry matching the filters, newest first (or oldest first), fetched `batchSize` at a time by keyset on
 * (occurred_at, id): no offset scans, and entries written during the export do not shift it.
 */
export async function* streamAudit(
  db: Queryable,
  filters: AuditFilters,
  batchSize = MAX_PAGE_SIZE,
  order: 'asc' | 'desc' = 'desc',
): AsyncGenerator<AuditRow> {
  const size = parseOrThrow(pageSchema.shape.limit, batchSize, 'audit batch size');
  // Literals from a closed set, never caller text, go into the SQL.
  const [direction, beyond] = order === 'asc' ? ['ASC', '>'] : ['DESC', '<'];
  // The cursor keeps occurred_at as PostgreSQL's text: a JS Date would drop its microseconds.
  let after: { occurredAt: string; id: string } | null = null;
  for (;;) {
    const params: unknown[] = [];
    const conditions = filterConditions(filters, params);
    if (after) {
      conditions.push(
        `(occurred_at, id) ${beyond} ($${params.length + 1}::timestamptz, $${params.length + 2}::bigint)`,
      );
      params.push(after.occurredAt, after.id);
    }
    const rows = await db.query<Record<string, unknown> & { occurred_at_key: string; id: string }>(
      `SELECT ${ROW_COLUMNS}, occurred_at::text AS occurred_at_key FROM audit_log ${whereClause(conditions)}
       ORDER BY occurred_at ${direction}, id ${direction} LIMIT $${params.length + 1}`,
      [...params, size],
    );
    for (const row of rows) yield auditRowSchema.parse(row);
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = { occurredAt: last.occurred_at_key, id: last.id };
  }
}

/**
 * Entries in a time window, oldest first, at most `limit`: all of them, or (with `targets`) those
 * naming one of the targets or concerning one of the jobs. An incident's page reads its window so.
 */
export async function queryAuditWindow(
  db: Queryable,
  window: { from: Date; to: Date; targets: string[] | null; jobIds: string[] },
  limit: number,
): Promise<AuditRow[]> {
  const { limit: bounded } = parseOrThrow(pageSchema, { offset: 0, limit }, 'audit page');
  const scoped = window.targets !== null;
  const rows = await db.query(
    `SELECT ${ROW_COLUMNS} FROM audit_log
     WHERE occurred_at >= $1::timestamptz AND occurred_at < $2::timestamptz
       AND (NOT $3::boolean OR target_ids && $4::text[] OR job_id = ANY($5::text[]))
     ORDER BY occurred_at, id LIMIT $6`,
    [window.from.toISOString(), window.to.toISOString(), scoped, window.targets ?? [], window.jobIds, bounded],
  );
  return rows.map((row) => auditRowSchema.parse(row));
}
