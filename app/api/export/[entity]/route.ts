/**
 * CSV export of a list view: GET /api/export/<entity>?<the list's own search parameters>.
 * The same filters, order and columns as the page (invalid parameters fall back the same
 * way), every page of rows, streamed. `X-Total-Count` tells the browser how many rows to
 * expect; a read that fails midway, or a page shorter than asked while the service says more
 * rows follow (a service that caps pages), aborts the response, so a partial file never looks
 * whole. Offset paging over live data can still shift: rows that leave or join the filtered
 * set during the export can move others across a page boundary.
 */
import { requireAdminRouteSession, upstreamFailureResponse } from '@/lib/auth/route-session';
import { csvHeader, csvRows, EXPORT_CONCURRENCY, EXPORT_PAGE_SIZE, exportFileName, pagesInOrder, shortPageProblem } from '@/lib/entities/export';
import { inferEntity } from '@/lib/entities/infer';
import { parseListParams, toListQuery } from '@/lib/entities/list-params';
import { columnVisibility } from '@/lib/entities/list-state';
import { ENTITY_NAME_PATTERN, findEntity } from '@/lib/entities/registry';
import { raRecordSchema, type ListQuery, type RaRecord } from '@/lib/upstream/contract';
import { isUpstreamError, UpstreamError } from '@/lib/upstream/errors';
import { listRecords, type ListResult } from '@/lib/upstream/ra';
import { searchParamsRecord } from '@/lib/search-params';

export async function GET(request: Request, { params }: { params: Promise<{ entity: string }> }): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const { entity: name } = await params;
  if (!ENTITY_NAME_PATTERN.test(name)) return Response.json({ error: 'not_found', message: `No entity "${name}".` }, { status: 404 });

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
    const page = await listRecords(session.upstream, name, pageQuery(index), schema, signal);
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
    if (isUpstreamError(error)) return upstreamFailureResponse(error);
    throw error;
  }

  const view = known ?? inferEntity(name, first.rows);
  const visibility = columnVisibility(view, state.cols);
  const columns = view.columns.filter((column) => visibility[column.key]);
  const pageCount = Math.ceil(first.total / EXPORT_PAGE_SIZE);
  const rest = pagesInOrder(Math.max(0, pageCount - 1), EXPORT_CONCURRENCY, (index) => readPage(index + 1).then((page) => page.rows));

  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvHeader(columns) + csvRows(columns, first.rows)));
      },
      async pull(controller) {
        try {
          const next = await rest.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(csvRows(columns, next.value)));
        } catch (error) {
          // Reads already under way for later pages stop too.
          abort.abort();
          console.error(`[export] ${name}: ${error instanceof Error ? error.message : String(error)}`);
          controller.error(error);
        }
      },
      async cancel() {
        abort.abort();
        await rest.return(undefined);
      },
    },
    // One page ahead at most: reads follow the browser's pace.
    { highWaterMark: 1 },
  );

  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${exportFileName(name, new Date())}"`,
      'cache-control': 'no-store',
      'x-total-count': String(first.total),
    },
  });
}
