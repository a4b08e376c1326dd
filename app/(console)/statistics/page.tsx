import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { AnomalyList } from '@/components/statistics/anomaly-list';
import { ChartPanel } from '@/components/statistics/chart-panel';
import { statusColors } from '@/components/statistics/colors';
import { ComparisonPanel } from '@/components/statistics/comparison-panel';
import { DailyTable } from '@/components/statistics/daily-table';
import { ZoneSwitch } from '@/components/statistics/zone-switch';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ParamIssues } from '@/components/param-issues';
import { UpstreamFailurePanel } from '@/components/upstream-failure';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { requestTime } from '@/lib/request-time';
import type { SearchParams } from '@/lib/search-params';
import { dayOf } from '@/lib/statistics/days';
import { readStatisticsReview } from '@/lib/statistics/read';
import { parseStatisticsSearchParams } from '@/lib/statistics/search-params';
import { RANGE_PRESETS, statisticsHref } from '@/lib/statistics/query';
import { statisticsTableRows } from '@/lib/statistics/table';
import { cn } from '@/lib/utils';

export const metadata: Metadata = { title: 'Statistics' };

export default async function StatisticsPage({ searchParams }: { searchParams: SearchParams }) {
  const { upstream } = await requireAdminSession();
  const now = requestTime();
  const state = parseStatisticsSearchParams(await searchParams, now);
  const { problems, ...query } = state;
  const read = await readFromService(readStatisticsReview(upstream, query, now));
  const review = read.ok ? read.data : null;
  const rows = review ? statisticsTableRows(review.current) : [];
  const anomalyDays = review ? [...new Set(review.anomalies.anomalies.map((anomaly) => anomaly.date))] : [];
  const exportHref = statisticsHref(query, { hidden: [], view: 'count' }, '/api/statistics/export');

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Statistics</h1>
        <p className="text-sm text-muted-foreground">
          Messages per day and status, {query.range.from} to {query.range.to}
          {review ? `: ${review.comparison.total.current.toLocaleString('en-US')} messages` : ''}.
        </p>
        <ZoneSwitch query={query} />
      </div>

      <ParamIssues issues={problems} />

      <div className="flex flex-wrap items-end gap-4 rounded-md border p-4">
        <nav aria-label="Period" className="flex flex-wrap gap-1">
          {RANGE_PRESETS.map((days) => (
            <Link
              key={days}
              href={statisticsHref(query, { preset: days })}
              aria-current={query.preset === days ? 'page' : undefined}
              className={cn(
                'rounded-md border px-3 py-1.5 text-sm',
                query.preset === days ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
              )}
            >
              Last {days} days
            </Link>
          ))}
        </nav>
        <form method="get" action="/statistics" className="flex flex-wrap items-end gap-2" aria-label="Custom period">
          <div className="space-y-1">
            <Label htmlFor="statistics-from">From</Label>
            <Input
              id="statistics-from"
              name="from"
              type="date"
              required
              defaultValue={query.range.from}
              max={dayOf(now, query.timeZone)}
              className="w-40"
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="statistics-to">To</Label>
            <Input
              id="statistics-to"
              name="to"
              type="date"
              required
              defaultValue={query.range.to}
              max={dayOf(now, query.timeZone)}
              className="w-40"
            />
          </div>
          {query.timeZone !== 'UTC' ? <input type="hidden" name="tz" value={query.timeZone} /> : null}
          {query.view !== 'count' ? <input type="hidden" name="view" value={query.view} /> : null}
          {query.hidden.length > 0 ? <input type="hidden" name="hide" value={query.hidden.join(',')} /> : null}
          <Button type="submit" size="sm" variant={query.preset === null ? 'default' : 'outline'}>
            Show custom period
          </Button>
        </form>
        <Button asChild variant="outline" size="sm" className="ml-auto">
          <a href={exportHref} download>
            Export CSV
          </a>
        </Button>
      </div>

      {!read.ok ? <UpstreamFailurePanel failure={read.failure} retryHref={statisticsHref(query)} /> : null}

      {review ? (
        <>
          <section aria-labelledby="statistics-chart-heading" className="space-y-3">
            <h2 id="statistics-chart-heading" className="text-lg font-semibold">
              Daily messages by status
            </h2>
            <ChartPanel
              query={query}
              days={rows
                .filter((row) => row.key !== 'total')
                .map((row) => ({
                  date: row.key,
                  total: row.total,
                  counts: row.counts,
                  nonTerminalPercent: row.nonTerminalPercent,
                }))}
              statuses={review.current.statuses}
              colors={statusColors(review.current.statuses)}
              anomalyDays={anomalyDays}
            />
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            <ComparisonPanel review={review} />
            <AnomalyList report={review.anomalies} />
          </div>
          <section aria-labelledby="statistics-table-heading" className="space-y-3">
            <h2 id="statistics-table-heading" className="text-lg font-semibold">
              By day
            </h2>
            <DailyTable
              rows={rows}
              statuses={review.current.statuses}
              anomalyDays={anomalyDays}
              caption={`Messages per day and status, ${query.range.from} to ${query.range.to}, days in ${query.timeZone}`}
            />
          </section>
        </>
      ) : null}
    </div>
  );
}
