/**
 * CSV export of the audit log: GET /api/audit/export?<the audit page's filters>, every matching
 * entry, newest first (`order=asc`: oldest first), streamed from the database in batches (lib/export's body and limits).
 * Bad filters (control characters included) are a 400 before anything is sent.
 */
import { parseAuditFilters, streamAudit, type AuditRow } from '@/lib/audit/log';
import { requireAdminRouteSession } from '@/lib/auth/route-session';
import { CSV_BOM, csvRecord } from '@/lib/csv';
import { getConsoleDb } from '@/lib/db';
import { exportFileName } from '@/lib/entities/export';
import { csvResponse, exportState, tooManyExportsResponse } from '@/lib/export';

const COLUMNS: readonly [string, (row: AuditRow) => unknown][] = [
  ['occurred_at', (row) => row.occurredAt.toISOString()],
  ['operator_email', (row) => row.operatorEmail],
  ['operator_role', (row) => row.operatorRole],
  ['action', (row) => row.action],
  ['target_type', (row) => row.targetType],
  ['target_ids', (row) => row.targetIds.join(' ')],
  ['outcome', (row) => row.outcome],
  ['denial_reason', (row) => row.denialReason],
  ['upstream_status', (row) => row.upstreamStatus],
  ['upstream_request_id', (row) => row.upstreamRequestId],
  ['error_message', (row) => row.errorMessage],
  ['summary', (row) => row.summary],
  ['refusal_count', (row) => row.refusalCount],
  ['duration_ms', (row) => row.durationMs],
  ['job_id', (row) => row.jobId],
  ['params', (row) => row.params],
];

export async function GET(request: Request): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const search = new URL(request.url).searchParams;
  const parsed = parseAuditFilters(search);
  if (!parsed.ok) return Response.json({ error: 'invalid_filters', errors: parsed.errors }, { status: 400 });
  const order = search.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') return Response.json({ error: 'invalid_order', message: 'order must be asc or desc' }, { status: 400 });
  const db = await getConsoleDb();
  const slot = exportState().slots.acquire(session.operator.id);
  if (!slot.ok) return tooManyExportsResponse(slot);
  const entries = streamAudit(db, parsed.filters, undefined, order);
  async function* rest() {
    for await (const row of entries) yield csvRecord(COLUMNS.map(([, value]) => value(row)));
  }
  return csvResponse({
    fileName: exportFileName('audit', new Date()),
    first: CSV_BOM + csvRecord(COLUMNS.map(([name]) => name)),
    rest: rest(),
    label: 'audit',
    onEnd: slot.release,
  });
}
