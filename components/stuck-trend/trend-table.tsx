/**
 * The stuck trend's numbers as a table, the chart's text alternative: rendered in the browser
 * when its disclosure is first opened (trend-table-disclosure.tsx), from the rows the page sent.
 */
import { ListTable } from '@/components/data-table/list-table';
import type { ConsoleColumn } from '@/lib/tables/columns';
import { minuteText, type TrendTableData } from '@/lib/stuck-trend/types';

export interface TrendTableProps {
  table: TrendTableData;
  statuses: string[];
  caption: string;
}

export default function TrendTable({ table, statuses, caption }: TrendTableProps) {
  // A row is its index into the table's columns.
  const columns: ConsoleColumn<{ index: number }>[] = [
    {
      id: 'minute',
      header: 'Minute (UTC)',
      cell: ({
        row: {
          original: { index: row },
        },
      }) => minuteText(table.minutes[row]!),
      meta: { cellClassName: 'whitespace-nowrap font-mono text-xs' },
    },
    ...statuses.map(
      (status): ConsoleColumn<{ index: number }> => ({
        id: `status:${status}`,
        header: status,
        cell: ({
          row: {
            original: { index: row },
          },
        }) => table.counts[status]?.[row] ?? '—',
        meta: { cellClassName: 'tabular-nums' },
      }),
    ),
    {
      id: 'gap',
      header: 'Gap',
      cell: ({
        row: {
          original: { index: row },
        },
      }) => table.gapReasons[row] ?? '',
      meta: { cellClassName: 'text-xs' },
    },
  ];
  return (
    <ListTable
      columns={columns}
      rows={table.minutes.map((_, index) => ({ index }))}
      getRowId={(row) => String(table.minutes[row.index])}
      caption={caption}
      empty="No samples in this period."
    />
  );
}
