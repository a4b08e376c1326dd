/**
 * CSV export of the statistics table: GET /api/statistics/export?<the page's parameters>, the
 * same days, statuses and totals the page's table shows.
 */
import { requireAdminRouteSession, upstreamFailureResponse } from '@/lib/auth/route-session';
import { CSV_BOM } from '@/lib/csv';
import { readStatisticsReview } from '@/lib/statistics/read';
import { parseStatisticsSearchParams } from '@/lib/statistics/search-params';
import { statisticsTableCsv } from '@/lib/statistics/table';
import { searchParamsRecord } from '@/lib/search-params';
import { isUpstreamError } from '@/lib/upstream/client';

export async function GET(request: Request): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const state = parseStatisticsSearchParams(searchParamsRecord(new URL(request.url).searchParams), Date.now());
  if (state.problems.length > 0)
    return Response.json(
      { error: 'invalid_parameters', errors: state.problems.map((issue) => issue.message) },
      { status: 400 },
    );
  let csv: string;
  try {
    const review = await readStatisticsReview(session.upstream, state, Date.now());
    csv = statisticsTableCsv(review.current);
  } catch (error) {
    if (isUpstreamError(error)) return upstreamFailureResponse(error);
    throw error;
  }
  const zone = state.timeZone.replace(/[^A-Za-z0-9_-]+/g, '-');
  return new Response(CSV_BOM + csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="statistics-${state.range.from}-to-${state.range.to}-${zone}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
