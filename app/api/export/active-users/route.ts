/**
 * CSV export of the active users list, with the page's own parameters (search, order,
 * columns): GET /api/export/active-users?<the list's search parameters>. The service answers
 * the whole list at once, so the file is written from that one read.
 */
import { selectActiveUsers, activeUsersView } from '@/lib/accounts/active-users';
import { requireAdminRouteSession, upstreamFailureResponse } from '@/lib/auth/route-session';
import { exportFileName } from '@/lib/entities/export';
import { parseListParams } from '@/lib/entities/list-params';
import { columnVisibility } from '@/lib/tables/columns';
import { csvColumns, csvHeader, csvRows } from '@/lib/tables/csv';
import { searchParamsRecord } from '@/lib/search-params';
import { activeUsers } from '@/lib/upstream/accounts';
import { isUpstreamError } from '@/lib/upstream/client';

export async function GET(request: Request): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const view = activeUsersView();
  const { state } = parseListParams(view, searchParamsRecord(new URL(request.url).searchParams));
  let users;
  try {
    users = await activeUsers(session.upstream);
  } catch (error) {
    if (isUpstreamError(error)) return upstreamFailureResponse(error);
    throw error;
  }
  const columns = csvColumns(view.columns, columnVisibility(view.columns, state.cols));
  const rows = selectActiveUsers(users, state, view.defaultSort);
  return new Response(csvHeader(columns) + csvRows(columns, rows), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName('active-users', new Date())}"`,
      'x-total-count': String(rows.length),
      'cache-control': 'no-store',
    },
  });
}
