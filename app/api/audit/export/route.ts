/**
 * CSV export of the audit log: GET /api/audit/export?<the audit page's filters>, every matching
 * entry, newest first, streamed from the database in batches.
 */
import { parseAuditFilters, streamAudit, type AuditRow } from '@/lib/audit/log';
import { requireAdminRouteSession } from '@/lib/auth/route-session';
import { CSV_BOM, csvRecord } from '@/lib/csv';
import { getConsoleDb } from '@/lib/db';

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
  ['duration_ms', (row) => row.durationMs],
  ['job_id', (row) => row.jobId],
  ['params', (row) => row.params],
];

export async function GET(request: Request): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const parsed = parseAuditFilters(new URL(request.url).searchParams);
  if (!parsed.ok) return Response.json({ error: 'invalid_filters', errors: parsed.errors }, { status: 400 });
  const db = await getConsoleDb();
  const entries = streamAudit(db, parsed.filters);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRecord(COLUMNS.map(([name]) => name))));
    },
    async pull(controller) {
      const next = await entries.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvRecord(COLUMNS.map(([, value]) => value(next.value)))));
    },
    async cancel() {
      await entries.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="audit-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}Z.csv"`,
      'cache-control': 'no-store',
    },
  });
}
