/**
 * A record's history: the audit entries that name it and the items of bulk jobs that acted on it,
 * newest first, in one list. A job's run writes two audit rows, not one per item (job-runs.ts),
 * so what a job did to one record lives in bulk_job_items; this read joins the two stores instead
 * of copying every item into the log. A record's page and the audit page filtered by a target
 * read through here alike.
 */
import { z } from 'zod';
import type { Queryable } from '@/lib/db';
import {
  auditRowSchema,
  filterConditions,
  pageSchema,
  parseOrThrow,
  queryAudit,
  ROW_COLUMNS,
  type AuditFilters,
  type AuditRow,
} from './log';

/**
 * A job item as an audit entry: its job's creator is the operator, its job's action the action.
 * Items never sent are left out (pending, and skipped: already in the wanted status, or cancelled
 * before their turn): the job did not act on the record. An item sent whose outcome is not known
 * yet (in flight, or unknown after a crash) reads as pending, like an action awaiting its outcome.
 */
const ITEM_OUTCOME = `CASE i.status WHEN 'ok' THEN 'ok' WHEN 'failed' THEN 'failed' ELSE 'pending' END`;
const ITEM_TIME = `coalesce(i.finished_at, i.claimed_at, j.started_at, j.created_at)`;
const ITEM_COLUMNS = `'job:' || j.id || ':' || i.seq AS id, ${ITEM_TIME} AS occurred_at,
  j.created_by_id AS operator_id, j.created_by_email AS operator_email, j.created_by_role AS operator_role,
  j.action, split_part(j.action, '.', 1) AS target_type, ARRAY[i.item_id] AS target_ids, j.params,
  ${ITEM_OUTCOME} AS outcome, NULL::text AS denial_reason, i.upstream_status, i.upstream_request_id,
  i.error AS error_message, NULL::text AS summary, NULL::int AS duration_ms, i.finished_at AS completed_at,
  j.id AS job_id, NULL::int AS refusal_count,
  i.status AS item_status, i.status_before AS item_before, i.status_after AS item_after,
  i.target_status AS item_target_status`;
const NO_ITEM = `NULL::text AS item_status, NULL::text AS item_before, NULL::text AS item_after,
  NULL::text AS item_target_status`;

const itemFieldsSchema = z.object({
  item_status: z.string().nullable(),
  item_before: z.string().nullable(),
  item_after: z.string().nullable(),
  item_target_status: z.string().nullable(),
});

function historyRow(row: unknown): AuditRow {
  const entry = auditRowSchema.parse(row);
  const item = itemFieldsSchema.parse(row);
  if (item.item_status === null) return entry;
  return {
    ...entry,
    jobItem: {
      status: item.item_status,
      before: item.item_before,
      after: item.item_after,
      targetStatus: item.item_target_status,
    },
  };
}

/** WHERE conditions over job items (i) and their jobs (j) for the filters, binding into `params`. */
function itemConditions(filters: AuditFilters & { target: string }, params: unknown[]): string[] {
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [`i.item_id = ${bind(filters.target)}`, `i.status IN ('ok', 'failed', 'unknown', 'in_flight')`];
  if (filters.operator) conditions.push(`strpos(lower(j.created_by_email), lower(${bind(filters.operator)})) > 0`);
  if (filters.action) {
    conditions.push(
      filters.action.endsWith('.')
        ? `starts_with(j.action, ${bind(filters.action)})`
        : `j.action = ${bind(filters.action)}`,
    );
  }
  if (filters.targetType) conditions.push(`split_part(j.action, '.', 1) = ${bind(filters.targetType)}`);
  if (filters.outcome) conditions.push(`${ITEM_OUTCOME} = ${bind(filters.outcome)}`);
  if (filters.from) conditions.push(`${ITEM_TIME} >= ${bind(filters.from.toISOString())}::timestamptz`);
  if (filters.to) conditions.push(`${ITEM_TIME} < ${bind(filters.to.toISOString())}::timestamptz`);
  return conditions;
}

/**
 * One page of a target's history (audit entries and job items), newest first (or oldest first),
 * and how many entries it has in all.
 */
export async function queryTargetHistory(
  db: Queryable,
  filters: AuditFilters & { target: string },
  page: { offset: number; limit: number },
  order: 'asc' | 'desc' = 'desc',
): Promise<{ rows: AuditRow[]; total: number }> {
  const { offset, limit } = parseOrThrow(pageSchema, page, 'history page');
  // A literal from a closed set, never caller text, goes into the SQL.
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const params: unknown[] = [];
  const logWhere = filterConditions(filters, params).join(' AND ');
  const itemWhere = itemConditions(filters, params).join(' AND ');
  const reach = `$${params.length + 1}`;
  // Each branch stops at offset + limit rows in the page's order, so neither is read whole.
  const [rows, counts] = await Promise.all([
    db.query(
      `SELECT * FROM (
         (SELECT ${ROW_COLUMNS}, ${NO_ITEM} FROM audit_log WHERE ${logWhere}
          ORDER BY occurred_at ${direction}, id ${direction} LIMIT ${reach})
         UNION ALL
         (SELECT ${ITEM_COLUMNS} FROM bulk_job_items i JOIN bulk_jobs j ON j.id = i.job_id WHERE ${itemWhere}
          ORDER BY ${ITEM_TIME} ${direction}, i.seq ${direction} LIMIT ${reach})
       ) history
       ORDER BY occurred_at ${direction}, id ${direction} LIMIT $${params.length + 2} OFFSET $${params.length + 3}`,
      [...params, offset + limit, limit, offset],
    ),
    db.query<{ total: number }>(
      `SELECT (SELECT count(*) FROM audit_log WHERE ${logWhere})::int
         + (SELECT count(*) FROM bulk_job_items i JOIN bulk_jobs j ON j.id = i.job_id WHERE ${itemWhere})::int AS total`,
      params,
    ),
  ]);
  return { rows: rows.map(historyRow), total: counts[0]?.total ?? 0 };
}

/**
 * Every entry of a target's history, newest first (or oldest first), `batchSize` at a time (the
 * CSV export filtered by a target). Paged by offset: one record's history is short, and an entry
 * written during the export shifts it by at most that entry.
 */
export async function* streamTargetHistory(
  db: Queryable,
  filters: AuditFilters & { target: string },
  batchSize = 500,
  order: 'asc' | 'desc' = 'desc',
): AsyncGenerator<AuditRow> {
  for (let offset = 0; ; offset += batchSize) {
    const { rows } = await queryTargetHistory(db, filters, { offset, limit: batchSize }, order);
    yield* rows;
    if (rows.length < batchSize) return;
  }
}

/**
 * One page of the audit page's entries for its filters, and how many match in all: filtered by a
 * target, that record's history (queryTargetHistory), else the log itself.
 */
export function queryAuditPage(
  db: Queryable,
  filters: AuditFilters,
  page: { offset: number; limit: number },
  order: 'asc' | 'desc' = 'desc',
): Promise<{ rows: AuditRow[]; total: number }> {
  const { target } = filters;
  return target ? queryTargetHistory(db, { ...filters, target }, page, order) : queryAudit(db, filters, page, order);
}
