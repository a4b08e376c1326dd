import type { ConsoleColumn } from '@/lib/tables/columns';
import { PagedTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/cells/record-link';
import { Badge } from '@/components/ui/badge';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import type { DeliveryAttemptRow } from '@/lib/notifications/deliveries';
import type { NotificationEventKind } from '@/lib/notifications/events';
import { EVENT_KIND_LABELS } from '@/lib/notifications/kinds';
import { channelHref } from '@/lib/notifications/paths';
import { DELIVERY_FILTERS } from '@/lib/notifications/search-params';
import type { OrderedTable, TableParams } from '@/lib/search-params/table';
import { formatUtc } from '@/lib/time';

const COLUMNS: ConsoleColumn<DeliveryAttemptRow>[] = [
  {
    id: 'time',
    header: 'Time',
    enableSorting: true,
    sortDescFirst: true,
    enableHiding: false,
    cell: ({ row: { original: row } }) => formatUtc(row.startedAt),
    meta: { cellClassName: 'whitespace-nowrap font-mono text-xs' },
  },
  {
    id: 'channel',
    header: 'Channel',
    cell: ({ row: { original: row } }) => <RecordLink href={channelHref(row.channelId)}>{row.channelName}</RecordLink>,
  },
  {
    id: 'event',
    header: 'Event',
    cell: ({ row: { original: row } }) => EVENT_KIND_LABELS[row.kind as NotificationEventKind] ?? row.kind,
  },
  {
    id: 'attempt',
    header: 'Attempt',
    cell: ({ row: { original: row } }) => row.attempt,
    meta: { cellClassName: 'tabular-nums' },
  },
  {
    id: 'result',
    header: 'Result',
    cell: ({ row: { original: row } }) => (
      <Badge variant={row.ok ? 'secondary' : 'destructive'}>
        {row.ok ? 'delivered' : row.deliveryStatus === 'failed' ? 'failed, given up' : 'failed'}
      </Badge>
    ),
  },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ row: { original: row } }) => row.outcome,
    meta: { cellClassName: 'text-xs whitespace-normal', cellMaxWidth: 'max-w-96' },
  },
  {
    id: 'duration',
    header: 'Duration',
    cell: ({ row: { original: row } }) => `${row.durationMs.toLocaleString('en-US')} ms`,
    meta: { cellClassName: 'tabular-nums whitespace-nowrap' },
  },
  {
    id: 'eventId',
    header: 'Event id',
    cell: ({ row: { original: row } }) => row.eventId,
    meta: { cellClassName: 'font-mono text-xs', defaultHidden: true },
  },
];

/** Delivery attempts, declared once: newest first, filtered by result (lib/notifications/search-params.ts). */
export const DELIVERIES_TABLE: OrderedTable<DeliveryAttemptRow> = {
  columns: COLUMNS,
  filters: DELIVERY_FILTERS,
  searchHint: null,
  defaultSort: { field: 'time', order: 'desc' },
  defaultSize: 50,
};

interface DeliveriesTableProps {
  rows: DeliveryAttemptRow[];
  page: number;
  table: TableParams;
  total: number;
  empty: React.ReactNode;
}

/** Each attempt to deliver a notification: channel, event, attempt number, outcome, time. */
export function DeliveriesTable({ rows, page, table, total, empty }: DeliveriesTableProps) {
  return (
    <PagedTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => `${row.eventId}:${row.channelId}:${row.attempt}`}
      caption="Notification deliveries"
      empty={empty}
      testId="deliveries-table"
      rowAttributes={(row) => ({ 'data-result': row.ok ? 'ok' : 'failed' })}
      pagination={{
        page,
        size: table.size,
        total,
        rowLabel: total === 1 ? 'attempt' : 'attempts',
        sizes: PAGE_SIZES,
        defaultSize: DELIVERIES_TABLE.defaultSize,
      }}
      sort={{ current: table.sort, default: DELIVERIES_TABLE.defaultSort }}
      visibility={table.visibility}
      chooseColumns
    />
  );
}
