/**
 * CSV export of a list view: GET /api/export/<entity>?<the list's own search parameters>.
 * The same filters, order and columns as the page (invalid parameters fall back the same
 * way), every page of rows, streamed (lib/export). `X-Total-Count` tells the browser how many
 * rows to expect; a read that fails midway, or a page shorter than asked while the service says
 * more rows follow (a service that caps pages), aborts the response, so a partial file never
 * looks whole. Offset paging over live data can still shift: rows that leave or join the
 * filtered set during the export can move others across a page boundary.
 * Exports run a bounded number at a time (per operator and per process; a refusal is a 429), and
 * their reads are paced to the service's rate limit by the pacer the bulk jobs use.
 */
import { requireAdminRouteSession, upstreamFailureResponse } from '@/lib/auth/route-session';
import { csvHeader, csvRows, EXPORT_CONCURRENCY, EXPORT_PAGE_SIZE, exportFileName, pagesInOrder, shortPageProblem } from '@/lib/entities/export';
import { inferEntity } from '@/lib/entities/infer';
import { parseListParams, toListQuery } from '@/lib/entities/list-params';
import { columnVisibility } from '@/lib/entities/list-state';
import { ENTITY_NAME_PATTERN, findEntity } from '@/lib/entities/registry';
import { csvResponse, openPacedExport } from '@/lib/export';
import { searchParamsRecord } from '@/lib/search-params';
import { raRecordSchema, type ListQuery, type RaRecord } from '@/lib/upstream/contract';
import { isUpstreamError, UpstreamError } from '@/lib/upstream/client';
import { listRecords, type ListResult } from '@/lib/upstream/ra';

export async function GET(request: Request, { params }: { params: Promise<{ entity: string }> }): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const { entity: name } = await params;
  if (!ENTITY_NAME_PATTERN.test(name)) return Response.json({ error: 'not_found', message: `No entity "${name}".` }, { status: 404 });

  const opened = openPacedExport(session.operator.id);
  if (!opened.ok) return opened.response;
  const { paced, end } = opened;

  const known = findEntity(name);
  const schema = known?.schema ?? raRecordSchema;
  const raw = searchParamsRecord(new URL(request.url).searchParams);
  // An unknown entity's columns come from its first page; its parameters parse without them.
  const paramsView = known ?? inferEntity(name, []);
  const { state } = parseListParams(paramsView, raw);
  const { sort, filter } = toListQuery(paramsView, state);
  const pageQuery = (index: number): ListQuery => ({ sort, filter, range: { start: index * EXPORT_PAGE_SIZE, end: (index + 1) * EXPORT_PAGE_SIZE - 1 } });

  const abort = new AbortController();
  const signal = AbortSignal.any([request.signal, abort.signal]);
  const readPage = async (index: number): Promise<ListResult<RaRecord>> => {
    const page = await paced.read(() => listRecords(session.upstream, name, pageQuery(index), schema, signal), signal);
    const problem = shortPageProblem(page, index * EXPORT_PAGE_SIZE);
    if (problem) {
      throw new UpstreamError({ kind: 'invalid_response', method: 'GET', path: `/admin/ra/${name}`, status: 200, requestId: page.requestId, serviceMessage: problem });
    }
    return page;
  };
  let first;
  try {
    first = await readPage(0);
  } catch (error) {
    end();
    if (isUpstreamError(error)) return upstreamFailureResponse(error);
    throw error;
  }

  const view = known ?? inferEntity(name, first.rows);
  const visibility = columnVisibility(view, state.cols);
  const columns = view.columns.filter((column) => visibility[column.key]);
  const pageCount = Math.ceil(first.total / EXPORT_PAGE_SIZE);
  // Each page becomes its CSV text as soon as it arrives: pages waiting their turn hold text, not rows.
  const rest = pagesInOrder(Math.max(0, pageCount - 1), EXPORT_CONCURRENCY, (index) => readPage(index + 1).then((page) => csvRows(columns, page.rows)));

  return csvResponse({
    fileName: exportFileName(name, new Date()),
    first: csvHeader(columns) + csvRows(columns, first.rows),
    rest,
    label: name,
    onEnd: end,
    abort,
    headers: { 'x-total-count': String(first.total) },
  });
}
