/**
 * The statistics table as data: one row per day and a totals row, each with its count per
 * status and its non-terminal share. The page's table and its CSV export are both made from it,
 * so the download is what the table shows.
 */
import { csvRecord } from '@/lib/csv';
import { nonTerminalShare, seriesTotals, type DailySeries } from './series';

export interface StatisticsTableRow {
  /** The day, or `total`. */
  key: string;
  label: string;
  total: number;
  counts: Record<string, number>;
  /** Non-terminal share in percent, as shown (one decimal). */
  nonTerminalPercent: string;
}

export const percentText = (share: number) => (share * 100).toFixed(1);

export function statisticsTableRows(series: DailySeries): StatisticsTableRow[] {
  const rows = series.days.map((day) => ({
    key: day.date,
    label: day.date,
    total: day.total,
    counts: day.counts,
    nonTerminalPercent: percentText(nonTerminalShare(day)),
  }));
  const totals = seriesTotals(series);
  rows.push({
    key: 'total',
    label: 'Total',
    total: totals.total,
    counts: totals.byStatus,
    nonTerminalPercent: percentText(totals.nonTerminalShare),
  });
  return rows;
}

/** The table as CSV: a header row, then the rows as the table shows them. */
export function statisticsTableCsv(series: DailySeries): string {
  const header = csvRecord(['date', 'total', ...series.statuses, 'non_terminal_percent']);
  return (
    header +
    statisticsTableRows(series)
      .map((row) =>
        csvRecord([
          row.label,
          row.total,
          ...series.statuses.map((status) => row.counts[status] ?? 0),
          row.nonTerminalPercent,
        ]),
      )
      .join('')
  );
}
