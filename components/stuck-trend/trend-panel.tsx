/**
 * The stuck trend: the chart (recharts, an island loaded after the page, see
 * trend-chart-island.tsx) and its numbers as a table, the chart's text alternative, behind a
 * disclosure. A server component: the table is read-only, so it ships no table code.
 */
import { ListTable, type ListColumn } from '@/components/data-table/list-table';
import { bucketed, chartSeries, tableBucketMinutes, type TrendPoint } from '@/lib/stuck-trend/types';
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
  statuses: string[];
  colors: Record<string, string>;
  /** What the table holds; the panel adds how long each of its rows is. */
  caption: string;
  height?: number;
  marker?: { label: string; text: string };
  testId: string;
}

/**
 * The chart draws every sample; the table, a reader's way through the same numbers, has a row
 * per bucket (the last sample in it) so that a long period stays a table one can go through.
 */
export function TrendPanel({ points, statuses, colors, caption, height = 160, marker, testId }: TrendPanelProps) {
  const gaps = points.filter((point) => point.counts === null).length;
  const bucketMinutes = tableBucketMinutes(points);
  const rowLength = bucketMinutes === 1 ? 'by the minute' : `one row per ${bucketMinutes >= 60 ? `${bucketMinutes / 60} hour${bucketMinutes === 60 ? '' : 's'}` : `${bucketMinutes} minutes`}`;
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
        <TrendTable points={bucketMinutes === 1 ? points : bucketed(points, bucketMinutes)} statuses={statuses} caption={`${caption}, ${rowLength} (UTC)`} />
      </details>
    </div>
  );
}
