'use client';

/**
 * The chart's numbers as a table (its text alternative): a row per day and a totals row, a
 * column per status, the day's total and its non-terminal share. The generic data table, all
 * rows on one page (a year is 366 rows), sorted by day as the service counts them.
 */
import { useTable, type ColumnDef } from '@tanstack/react-table';
import { DataTable } from '@/components/data-table/data-table';
import { serverTableFeatures, type ServerTableFeatures } from '@/components/data-table/features';
import type { StatisticsTableRow } from '@/lib/statistics/table';

type Column = ColumnDef<ServerTableFeatures, StatisticsTableRow, unknown>;

const number = (value: number) => <span className="tabular-nums">{value.toLocaleString('en-US')}</span>;

export function DailyTable({ rows, statuses, anomalyDays, caption }: { rows: StatisticsTableRow[]; statuses: string[]; anomalyDays: string[]; caption: string }) {
  const flagged = new Set(anomalyDays);
  const columns: Column[] = [
    {
      id: 'date',
      header: 'Day',
      meta: { label: 'Day' },
      enableSorting: false,
      cell: ({ row }) => (
        <span className={row.original.key === 'total' ? 'font-semibold' : 'whitespace-nowrap font-mono text-xs'}>
          {row.original.label}
          {flagged.has(row.original.key) ? (
            <span className="ml-1 font-sans font-semibold text-destructive" title="Anomaly on this day">
              <span aria-hidden>!</span>
              <span className="sr-only"> (anomaly)</span>
            </span>
          ) : null}
        </span>
      ),
    },
    { id: 'total', header: 'Total', meta: { label: 'Total' }, enableSorting: false, cell: ({ row }) => number(row.original.total) },
    ...statuses.map(
      (status): Column => ({ id: `status:${status}`, header: status, meta: { label: status }, enableSorting: false, cell: ({ row }) => number(row.original.counts[status] ?? 0) }),
    ),
    {
      id: 'nonTerminal',
      header: 'Non-terminal %',
      meta: { label: 'Non-terminal %' },
      enableSorting: false,
      cell: ({ row }) => <span className="tabular-nums">{row.original.nonTerminalPercent}</span>,
    },
  ];
  const table = useTable({
    features: serverTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => row.key,
    manualSorting: true,
    manualPagination: true,
    rowCount: rows.length,
    state: { pagination: { pageIndex: 0, pageSize: Math.max(rows.length, 1) } },
  });
  return <DataTable table={table} caption={caption} empty="No days in this period." />;
}
