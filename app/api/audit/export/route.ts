/**
 * CSV export of the audit log: GET /api/audit/export?<the audit page's filters>, every matching
 * entry, newest first (`order=asc`: oldest first), streamed from the database in batches (lib/export's body and limits),
 * with the fields the audit table declares for its CSV (components/audit/audit-cells.tsx).
 * Filtered by a target, it is that record's history, bulk jobs' items included (lib/audit/history.ts).
 * Bad filters (control characters included) are a 400 before anything is sent.
 */
import { AUDIT_TABLE } from '@/components/audit/audit-cells';
import { streamTargetHistory } from '@/lib/audit/history';
import { parseAuditFilters, streamAudit } from '@/lib/audit/log';
import { requireAdminRouteSession } from '@/lib/auth/route-session';
import { getConsoleDb } from '@/lib/db';
import { exportFileName } from '@/lib/entities/export';
import { csvResponse, exportState, tooManyExportsResponse } from '@/lib/export';
import { csvColumns, csvHeader, csvRows } from '@/lib/tables/csv';

const COLUMNS = csvColumns(AUDIT_TABLE.columns);

export async function GET(request: Request): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const search = new URL(request.url).searchParams;
  const parsed = parseAuditFilters(search);
  if (!parsed.ok) return Response.json({ error: 'invalid_filters', errors: parsed.errors }, { status: 400 });
  const order = search.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc')
    return Response.json({ error: 'invalid_order', message: 'order must be asc or desc' }, { status: 400 });
  const db = await getConsoleDb();
  const slot = exportState().slots.acquire(session.operator.id);
  if (!slot.ok) return tooManyExportsResponse(slot);
  const { target } = parsed.filters;
  const entries = target
    ? streamTargetHistory(db, { ...parsed.filters, target }, undefined, order)
    : streamAudit(db, parsed.filters, undefined, order);
  async function* rest() {
    for await (const row of entries) yield csvRows(COLUMNS, [row]);
  }
  return csvResponse({
    fileName: exportFileName('audit', new Date()),
    first: csvHeader(COLUMNS),
    rest: rest(),
    label: 'audit',
    onEnd: slot.release,
  });
}
