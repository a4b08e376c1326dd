/**
 * CSV export of a stuck-queue view: GET /api/stuck/export?<the queue's own search parameters>.
 * The same filter and order as the page (bad parameters fall back the same way), every page of
 * matching messages read from the service (lib/export/service-csv.ts, as the list exports do),
 * with the artifacts each lacks; the `missing` group keeps only messages lacking that one.
 */
import { STUCK_TABLE } from '@/components/triage/stuck-table';
import { requireAdminRouteSession } from '@/lib/auth/route-session';
import { exportFileName } from '@/lib/entities/export';
import { serviceCsvExport } from '@/lib/export/service-csv';
import { searchParamsRecord } from '@/lib/search-params';
import { csvColumns, csvHeader, csvRows } from '@/lib/tables/csv';
import { requestTime } from '@/lib/request-time';
import { stuckListSort } from '@/lib/triage/data';
import { parseStuckSearchParams } from '@/lib/triage/search-params';
import { defaultThresholdMinutes } from '@/lib/triage/settings';
import { missingArtifacts } from '@/lib/triage/stuck-rules';
import { stuckFilter } from '@/lib/triage/stuck';
import { messageSchema, type Message } from '@/lib/upstream/contract';
import { listRecords } from '@/lib/upstream/ra';

export async function GET(request: Request): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const state = parseStuckSearchParams(
    searchParamsRecord(new URL(request.url).searchParams),
    defaultThresholdMinutes(),
    STUCK_TABLE,
  );
  const { query, table } = state;
  const filter = stuckFilter(query, requestTime());
  const sort = stuckListSort(table.sort.order);
  const columns = csvColumns(STUCK_TABLE.columns);
  const lines = (rows: readonly Message[]) =>
    csvRows(
      columns,
      rows.filter((row) => !query.missing || missingArtifacts(row).includes(query.missing)),
    );
  return serviceCsvExport({
    operatorId: session.operator.id,
    request,
    path: '/admin/ra/messages',
    readRange: (range, signal) =>
      listRecords(session.upstream, 'messages', { sort, filter, range }, messageSchema, signal),
    csv: () => ({ header: csvHeader(columns), rows: lines }),
    fileName: exportFileName('stuck-messages', new Date()),
    label: 'stuck',
  });
}
