/**
 * The stuck trend's numbers as a table, the chart's text alternative: rendered in the browser
 * when its disclosure is first opened (trend-table-disclosure.tsx), from the rows the page sent.
 */
import { ListTable, type ListColumn } from '@/components/data-table/list-table';
import { minuteText, type TrendTableData } from '@/lib/stuck-trend/types';

export interface TrendTableProps {
  table: TrendTableData;
  statuses: string[];
  caption: string;
}

export default function TrendTable({ table, statuses, caption }: TrendTableProps) {
  // A row is its index into the table's columns.
  const columns: ListColumn<number>[] = [
    { id: 'minute', header: 'Minute (UTC)', cellClassName: 'whitespace-nowrap font-mono text-xs', cell: (row) => minuteText(table.minutes[row]!) },
    ...statuses.map(
      (status): ListColumn<number> => ({
        id: `status:${status}`,
        header: status,
        cellClassName: 'tabular-nums',
        cell: (row) => table.counts[status]?.[row] ?? '—',
      }),
    ),
    { id: 'gap', header: 'Gap', cellClassName: 'text-xs', cell: (row) => table.gapReasons[row] ?? '' },
  ];
  return <ListTable columns={columns} rows={table.minutes.map((_, index) => index)} getRowId={(row) => String(table.minutes[row])} caption={caption} empty="No samples in this period." />;
}
