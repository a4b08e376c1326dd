/**
 * CSV export of a stuck-queue view: GET /api/stuck/export?<the queue's own search parameters>.
 * The same filter and order as the page (bad parameters fall back the same way), every page of
 * matching messages read from the service (paced, bounded reads in flight, as the list exports
 * do), with the artifacts each lacks; the `missing` group keeps only messages lacking that one.
 */
import { requireAdminRouteSession, upstreamFailureResponse } from '@/lib/auth/route-session';
import { CSV_BOM, csvRecord } from '@/lib/csv';
import { EXPORT_CONCURRENCY, EXPORT_PAGE_SIZE, exportFileName, exportValue, pagesInOrder, shortPageProblem } from '@/lib/entities/export';
import { findEntity } from '@/lib/entities/registry';
import { csvResponse, openPacedExport } from '@/lib/export';
import { searchParamsRecord } from '@/lib/search-params';
import { requestTime } from '@/lib/request-time';
import { stuckListSort } from '@/lib/triage/data';
import { parseStuckSearchParams } from '@/lib/triage/search-params';
import { defaultThresholdMinutes } from '@/lib/triage/settings';
import { missingArtifacts } from '@/lib/triage/stuck-rules';
import { stuckFilter } from '@/lib/triage/stuck';
import { messageSchema, type Message } from '@/lib/upstream/contract';
import { isUpstreamError, UpstreamError } from '@/lib/upstream/client';
import { listRecords, type ListResult } from '@/lib/upstream/ra';

const FIELDS = ['id', 'name', 'status', 'status_reason', 'creator_guid', 'workspace_guid', 'channel_guids', 'message_ts', 'last_updated_at'];

export async function GET(request: Request): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const state = parseStuckSearchParams(searchParamsRecord(new URL(request.url).searchParams), defaultThresholdMinutes());
  const { query, table } = state;
  const filter = stuckFilter(query, requestTime());
  const sort = stuckListSort(table.sort.order);
  const columns = (findEntity('messages')?.columns ?? []).filter((column) => FIELDS.includes(column.key));

  const opened = openPacedExport(session.operator.id);
  if (!opened.ok) return opened.response;
  const { paced, end } = opened;
  const abort = new AbortController();
  const signal = AbortSignal.any([request.signal, abort.signal]);
  const readPage = async (index: number): Promise<ListResult<Message>> => {
    const range = { start: index * EXPORT_PAGE_SIZE, end: (index + 1) * EXPORT_PAGE_SIZE - 1 };
    const page = await paced.read(() => listRecords(session.upstream, 'messages', { sort, filter, range }, messageSchema, signal), signal);
    const problem = shortPageProblem(page, range.start);
    if (problem) throw new UpstreamError({ kind: 'invalid_response', method: 'GET', path: '/admin/ra/messages', status: 200, requestId: page.requestId, serviceMessage: problem });
    return page;
  };
  const lines = (rows: readonly Message[]) =>
    rows
      .map((row) => ({ row, missing: missingArtifacts(row) }))
      .filter(({ missing }) => !query.missing || missing.includes(query.missing))
      .map(({ row, missing }) => csvRecord([...columns.map((column) => exportValue(column, (row as Record<string, unknown>)[column.key])), missing.join('; ')]))
      .join('');

  let first;
  try {
    first = await readPage(0);
  } catch (error) {
    end();
    if (isUpstreamError(error)) return upstreamFailureResponse(error);
    throw error;
  }
  const pageCount = Math.ceil(first.total / EXPORT_PAGE_SIZE);
  // Each page becomes its CSV text as soon as it arrives: pages waiting their turn hold text, not rows.
  const rest = pagesInOrder(Math.max(0, pageCount - 1), EXPORT_CONCURRENCY, (index) => readPage(index + 1).then((page) => lines(page.rows)));
  return csvResponse({
    fileName: exportFileName('stuck-messages', new Date()),
    first: CSV_BOM + csvRecord([...columns.map((column) => column.key), 'missing']) + lines(first.rows),
    rest,
    label: 'stuck',
    onEnd: end,
    abort,
    headers: { 'x-total-count': String(first.total) },
  });
}
