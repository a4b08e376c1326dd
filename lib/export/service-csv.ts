/**
 * A CSV export of a list read from the service, page by page: paced, bounded reads in flight
 * (lib/entities/export.ts), the first page read before anything is sent (its failure is the
 * route's error response), the rest streamed in order. A read that fails midway, or a page
 * shorter than asked while the service says more rows follow (a service that caps pages),
 * aborts the response, so a partial file never looks whole.
 */
import { upstreamFailureResponse } from '@/lib/auth/route-session';
import { EXPORT_CONCURRENCY, EXPORT_PAGE_SIZE, pagesInOrder, shortPageProblem } from '@/lib/entities/export';
import { isUpstreamError, UpstreamError } from '@/lib/upstream/client';
import type { ListResult } from '@/lib/upstream/ra';
import { csvResponse } from './csv-response';
import { openPacedExport } from './index';

export interface ServiceCsvExport<T> {
  operatorId: string;
  request: Request;
  /** The service path read, named in the error of a short page. */
  path: string;
  /** One page of rows at this range. */
  readRange: (range: { start: number; end: number }, signal: AbortSignal) => Promise<ListResult<T>>;
  /** The file's header and how rows are written, once the first page is read (an unknown entity's columns come from it). */
  csv: (first: ListResult<T>) => { header: string; rows: (rows: readonly T[]) => string };
  fileName: string;
  /** Names the export in the log. */
  label: string;
}

export async function serviceCsvExport<T>({
  operatorId,
  request,
  path,
  readRange,
  csv,
  fileName,
  label,
}: ServiceCsvExport<T>): Promise<Response> {
  const opened = openPacedExport(operatorId);
  if (!opened.ok) return opened.response;
  const { paced, end } = opened;
  const abort = new AbortController();
  const signal = AbortSignal.any([request.signal, abort.signal]);
  const readPage = async (index: number): Promise<ListResult<T>> => {
    const range = { start: index * EXPORT_PAGE_SIZE, end: (index + 1) * EXPORT_PAGE_SIZE - 1 };
    const page = await paced.read(() => readRange(range, signal), signal);
    const problem = shortPageProblem(page, range.start);
    if (problem)
      throw new UpstreamError({
        kind: 'invalid_response',
        method: 'GET',
        path,
        status: 200,
        requestId: page.requestId,
        serviceMessage: problem,
      });
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
  const { header, rows } = csv(first);
  const pageCount = Math.ceil(first.total / EXPORT_PAGE_SIZE);
  // Each page becomes its CSV text as soon as it arrives: pages waiting their turn hold text, not rows.
  const rest = pagesInOrder(Math.max(0, pageCount - 1), EXPORT_CONCURRENCY, (index) =>
    readPage(index + 1).then((page) => rows(page.rows)),
  );
  return csvResponse({
    fileName,
    first: header + rows(first.rows),
    rest,
    label,
    onEnd: end,
    abort,
    headers: { 'x-total-count': String(first.total) },
  });
}
