'use client';

/**
 * The stuck trend's island: the chart (recharts, loaded with next/dynamic so it ships only where
 * a trend is shown) and its numbers as a table, the chart's text alternative, behind a disclosure.
 */
import { useTable, type ColumnDef } from '@tanstack/react-table';
import dynamic from 'next/dynamic';
import { DataTable } from '@/components/data-table/data-table';
import { serverTableFeatures, type ServerTableFeatures } from '@/components/data-table/features';
import { Skeleton } from '@/components/ui/skeleton';
import type { ChartPoint } from '@/lib/stuck-trend/types';


const TrendChart = dynamic(() => import('./trend-chart'), { ssr: false, loading: () => <Skeleton className="h-40 w-full" /> });

type Column = ColumnDef<ServerTableFeatures, ChartPoint, unknown>;

function TrendTable({ points, statuses, caption }: { points: ChartPoint[]; statuses: string[]; caption: string }) {
  const columns: Column[] = [
    { id: 'minute', header: 'Minute (UTC)', meta: { label: 'Minute (UTC)', cellClassName: 'whitespace-nowrap font-mono text-xs' }, enableSorting: false, cell: ({ row }) => row.original.minute.slice(0, 16).replace('T', ' ') },
    ...statuses.map(
      (status): Column => ({
        id: `status:${status}`,
        header: status,
        meta: { label: status, cellClassName: 'tabular-nums' },
        enableSorting: false,
        cell: ({ row }) => (row.original.counts === null ? '—' : (row.original.counts[status] ?? 0)),
      }),
    ),
    { id: 'gap', header: 'Gap', meta: { label: 'Gap', cellClassName: 'text-xs' }, enableSorting: false, cell: ({ row }) => row.original.error ?? '' },
  ];
  const table = useTable({
    features: serverTableFeatures,
    columns,
    data: points,
    getRowId: (row) => row.minute,
    manualSorting: true,
    manualPagination: true,
    rowCount: points.length,
    state: { pagination: { pageIndex: 0, pageSize: Math.max(points.length, 1) } },
  });
  return <DataTable table={table} caption={caption} empty="No samples in this period." />;
}

export interface TrendPanelProps {
  points: ChartPoint[];
  /** The table's rows, when they are fewer than the chart's (the dashboard's 24 hours by the quarter hour). */
  tablePoints?: ChartPoint[];
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
        <TrendChart points={points} statuses={statuses} colors={colors} height={height} marker={marker} />
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
