/**
 * The stuck trend: the chart (recharts, an island loaded after the page, see
 * trend-chart-island.tsx) and its numbers as a table, the chart's text alternative, behind a
 * disclosure. A server component: the table is read-only, so it ships no table code.
 */
import { ListTable, type ListColumn } from '@/components/data-table/list-table';
import { chartSeries, type TrendPoint } from '@/lib/stuck-trend/types';
import { TrendChartIsland } from './trend-chart-island';

const minuteText = (point: TrendPoint) => point.minute.toISOString().slice(0, 16).replace('T', ' ');

function TrendTable({ points, statuses, caption }: { points: readonly TrendPoint[]; statuses: string[]; caption: string }) {
  const columns: ListColumn<TrendPoint>[] = [
    { id: 'minute', header: 'Minute (UTC)', cellClassName: 'whitespace-nowrap font-mono text-xs', cell: minuteText },
    ...statuses.map(
      (status): ListColumn<TrendPoint> => ({
        id: `status:${status}`,
        header: status,
        cellClassName: 'tabular-nums',
        cell: (point) => (point.counts === null ? '—' : (point.counts[status] ?? 0)),
      }),
    ),
    { id: 'gap', header: 'Gap', cellClassName: 'text-xs', cell: (point) => point.error ?? '' },
  ];
  return <ListTable columns={columns} rows={points} getRowId={minuteText} caption={caption} empty="No samples in this period." />;
}

export interface TrendPanelProps {
  points: readonly TrendPoint[];
  /** The table's rows, when they are fewer than the chart's (the dashboard's 24 hours by the quarter hour). */
  tablePoints?: readonly TrendPoint[];
  statuses: string[];
  colors: Record<string, string>;
  caption: string;
  height?: number;
  marker?: { label: string; text: string };
  testId: string;
}

export function TrendPanel({ points, tablePoints, statuses, colors, caption, height = 160, marker, testId }: TrendPanelProps) {
  const gaps = points.filter((point) => point.counts === null).length;
  return (
    <div className="space-y-2" data-testid={testId}>
      <div className="flex flex-wrap gap-3 text-xs" aria-hidden="true">
        {statuses.map((status) => (
          <span key={status} className="inline-flex items-center gap-1">
            <span className="size-2.5 rounded-sm" style={{ backgroundColor: colors[status] }} />
            {status}
          </span>
        ))}
      </div>
      <div aria-hidden="true">
        <TrendChartIsland series={chartSeries(points, statuses)} statuses={statuses} colors={colors} height={height} marker={marker} />
      </div>
      <p className="text-xs text-muted-foreground">
        {points.length - gaps} samples{gaps > 0 ? `, ${gaps} gaps (not read or not sampled; not zero)` : ''}. Times in UTC.
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer text-xs text-muted-foreground">The chart&apos;s numbers as a table</summary>
        <TrendTable points={tablePoints ?? points} statuses={statuses} caption={caption} />
      </details>
    </div>
  );
}
