/**
 * The chart's numbers as a table (its text alternative): a row per day and a totals row, a
 * column per status, the day's total and its non-terminal share. The one table, all
 * rows on one page (a year is 366 rows), sorted by day as the service counts them.
 */
import { ListTable } from '@/components/data-table/list-table';
import type { ConsoleColumn } from '@/lib/tables/columns';
import type { StatisticsTableRow } from '@/lib/statistics/table';

type Column = ConsoleColumn<StatisticsTableRow>;

const number = (value: number) => <span className="tabular-nums">{value.toLocaleString('en-US')}</span>;

export function DailyTable({
  rows,
  statuses,
  anomalyDays,
  caption,
}: {
  rows: StatisticsTableRow[];
  statuses: string[];
  anomalyDays: string[];
  caption: string;
}) {
  const flagged = new Set(anomalyDays);
  const columns: Column[] = [
    {
      id: 'date',
      header: 'Day',
      cell: ({ row: { original: row } }) => (
        <span className={row.key === 'total' ? 'font-semibold' : 'whitespace-nowrap font-mono text-xs'}>
          {row.label}
          {flagged.has(row.key) ? (
            <span className="ml-1 font-sans font-semibold text-destructive" title="Anomaly on this day">
              <span aria-hidden>!</span>
              <span className="sr-only"> (anomaly)</span>
            </span>
          ) : null}
        </span>
      ),
    },
    { id: 'total', header: 'Total', cell: ({ row: { original: row } }) => number(row.total) },
    ...statuses.map(
      (status): Column => ({
        id: `status:${status}`,
        header: status,
        cell: ({ row: { original: row } }) => number(row.counts[status] ?? 0),
      }),
    ),
    {
      id: 'nonTerminal',
      header: 'Non-terminal %',
      cell: ({ row: { original: row } }) => <span className="tabular-nums">{row.nonTerminalPercent}</span>,
    },
  ];
  return (
    <ListTable
      columns={columns}
      rows={rows}
      getRowId={(row) => row.key}
      caption={caption}
      empty="No days in this period."
    />
  );
}
