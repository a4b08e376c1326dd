'use client';

/**
 * The chart's island: status toggles and the count/percent switch (URL state, written without
 * scrolling), the chart itself loaded with next/dynamic so recharts ships with this route only,
 * and the PNG export drawn from the rendered SVG.
 */
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useRef, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { statisticsHref, type ChartView, type StatisticsQuery } from '@/lib/statistics/query';
import { cn } from '@/lib/utils';
import type { ChartDay } from './daily-chart';
import { downloadSvgAsPng } from './svg-png';

const DailyChart = dynamic(() => import('./daily-chart'), {
  ssr: false,
  loading: () => <Skeleton className="h-80 w-full" />,
});

interface ChartPanelProps {
  query: StatisticsQuery;
  days: ChartDay[];
  statuses: string[];
  colors: Record<string, string>;
  anomalyDays: string[];
}

export function ChartPanel({ query, days, statuses, colors, anomalyDays }: ChartPanelProps) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  // Shown at once; the URL follows (a new URL from the server wins).
  const [local, setLocal] = useState({ hidden: query.hidden, view: query.view });
  const [fromUrl, setFromUrl] = useState({ hidden: query.hidden, view: query.view });
  if (fromUrl.hidden !== query.hidden || fromUrl.view !== query.view) {
    setFromUrl({ hidden: query.hidden, view: query.view });
    setLocal({ hidden: query.hidden, view: query.view });
  }
  const chartRef = useRef<HTMLDivElement>(null);
  const [pngError, setPngError] = useState<string | null>(null);

  const change = (next: { hidden?: string[]; view?: ChartView }) => {
    const state = { ...local, ...next };
    setLocal(state);
    startTransition(() => router.replace(statisticsHref(query, state), { scroll: false }));
  };
  const toggle = (status: string) =>
    change({
      hidden: local.hidden.includes(status)
        ? local.hidden.filter((hidden) => hidden !== status)
        : [...local.hidden, status],
    });

  const exportPng = async () => {
    setPngError(null);
    const svg = chartRef.current?.querySelector<SVGSVGElement>('svg.recharts-surface');
    if (!svg) {
      setPngError('The chart has not been drawn yet.');
      return;
    }
    try {
      await downloadSvgAsPng(svg, `statistics-${query.range.from}-to-${query.range.to}.png`);
    } catch (error) {
      setPngError(error instanceof Error ? error.message : 'The PNG could not be made.');
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Statuses shown in the chart" className="flex flex-wrap gap-2">
          {statuses.map((status) => {
            const shown = !local.hidden.includes(status);
            return (
              <button
                key={status}
                type="button"
                aria-pressed={shown}
                onClick={() => toggle(status)}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-md border px-2 py-1 text-xs',
                  shown ? 'bg-background' : 'bg-muted text-muted-foreground line-through',
                )}
              >
                <span
                  aria-hidden
                  className="size-2.5 rounded-sm"
                  style={{
                    backgroundColor: shown ? colors[status] : 'transparent',
                    border: `1px solid ${colors[status]}`,
                  }}
                />
                {status}
              </button>
            );
          })}
        </div>
        <div className="flex items-center gap-2">
          <div role="group" aria-label="Chart values" className="inline-flex rounded-md border p-0.5">
            {(['count', 'percent'] as const).map((view) => (
              <button
                key={view}
                type="button"
                aria-pressed={local.view === view}
                onClick={() => change({ view })}
                className={cn(
                  'rounded px-2 py-1 text-xs',
                  local.view === view ? 'bg-primary text-primary-foreground' : 'text-muted-foreground',
                )}
              >
                {view === 'count' ? 'Counts' : 'Percent of day'}
              </button>
            ))}
          </div>
          <Button type="button" variant="outline" size="sm" onClick={exportPng}>
            Export PNG
          </Button>
        </div>
      </div>
      {pngError ? (
        <p role="alert" className="text-sm text-destructive">
          {pngError}
        </p>
      ) : null}
      <div ref={chartRef} data-testid="statistics-chart" aria-hidden="true">
        <DailyChart
          days={days}
          statuses={statuses}
          hidden={local.hidden}
          view={local.view}
          colors={colors}
          anomalyDays={anomalyDays}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        The table below has the chart&apos;s numbers.
        {anomalyDays.length > 0 ? ' Red dashed lines mark days with anomalies.' : ''}
      </p>
    </div>
  );
}
