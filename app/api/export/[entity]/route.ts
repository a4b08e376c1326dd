/**
 * CSV export of a list view: GET /api/export/<entity>?<the list's own search parameters>.
 * The same filters, order and columns as the page (invalid parameters fall back the same
 * way), every page of rows, streamed (lib/export/service-csv.ts). `X-Total-Count` tells the
 * browser how many rows to expect. Offset paging over live data can still shift: rows that leave
 * or join the filtered set during the export can move others across a page boundary.
 * Exports run a bounded number at a time (per operator and per process; a refusal is a 429), and
 * their reads are paced to the service's rate limit by the pacer the bulk jobs use.
 */
import { requireAdminRouteSession } from '@/lib/auth/route-session';
import { exportFileName } from '@/lib/entities/export';
import { inferEntity } from '@/lib/entities/infer';
import { parseListParams, toListQuery } from '@/lib/entities/list-params';
import { ENTITY_NAME_PATTERN, findEntity } from '@/lib/entities/registry';
import { serviceCsvExport } from '@/lib/export/service-csv';
import { searchParamsRecord } from '@/lib/search-params';
import { columnVisibility } from '@/lib/tables/columns';
import { csvColumns, csvHeader, csvRows } from '@/lib/tables/csv';
import { raRecordSchema } from '@/lib/upstream/contract';
import { listRecords } from '@/lib/upstream/ra';

export async function GET(request: Request, { params }: { params: Promise<{ entity: string }> }): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const { entity: name } = await params;
  if (!ENTITY_NAME_PATTERN.test(name))
    return Response.json({ error: 'not_found', message: `No entity "${name}".` }, { status: 404 });

  const known = findEntity(name);
  const schema = known?.schema ?? raRecordSchema;
  const raw = searchParamsRecord(new URL(request.url).searchParams);
  // An unknown entity's columns come from its first page; its parameters parse without them.
  const paramsView = known ?? inferEntity(name, []);
  const { state } = parseListParams(paramsView, raw);
  const { sort, filter } = toListQuery(paramsView, state);

  return serviceCsvExport({
    operatorId: session.operator.id,
    request,
    path: `/admin/ra/${name}`,
    readRange: (range, signal) => listRecords(session.upstream, name, { sort, filter, range }, schema, signal),
    csv: (first) => {
      const view = known ?? inferEntity(name, first.rows);
      const columns = csvColumns(view.columns, columnVisibility(view.columns, state.cols));
      return { header: csvHeader(columns), rows: (rows) => csvRows(columns, rows) };
    },
    fileName: exportFileName(name, new Date()),
    label: name,
  });
}
