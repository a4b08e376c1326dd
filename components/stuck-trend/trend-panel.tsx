/**
 * The stuck trend: the chart (recharts, an island loaded after the page, see
 * trend-chart-island.tsx) and its numbers as a table, the chart's text alternative, behind a
 * disclosure that renders the table when opened (trend-table-disclosure.tsx).
 */
import { chartSeries, trendTableData, type TrendPoint } from '@/lib/stuck-trend/types';
import { TrendChartIsland } from './trend-chart-island';
import { TrendTableDisclosure } from './trend-table-disclosure';

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

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The chart draws every sample; the table, a reader's way through the same numbers, has a row
 * per bucket (the last sample in it) so that a long period stays a table one can go through.
 */
export function TrendPanel({ points, statuses, colors, caption, height = 160, marker, testId }: TrendPanelProps) {
  const gaps = points.filter((point) => point.counts === null).length;
  const table = trendTableData(points, statuses);
  const { bucketMinutes } = table;
  const rowLength =
    bucketMinutes === 1
      ? 'by the minute'
      : `one row per ${bucketMinutes >= 60 ? `${bucketMinutes / 60} hour${bucketMinutes === 60 ? '' : 's'}` : `${bucketMinutes} minutes`}`;
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
        <TrendChartIsland
          series={chartSeries(points, statuses)}
          statuses={statuses}
          colors={colors}
          height={height}
          marker={marker}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {counted(points.length - gaps, 'sample')}
        {gaps > 0 ? `, ${counted(gaps, 'gap')} (not read or not sampled; not zero)` : ''}. Times in UTC.
      </p>
      <TrendTableDisclosure table={table} statuses={statuses} caption={`${caption}, ${rowLength} (UTC)`} />
    </div>
  );
}
