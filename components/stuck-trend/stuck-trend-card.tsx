/**
 * The stuck trend of the last 24 hours from the sampler (lib/stuck-trend), as a card: the
 * dashboard shows every status with a link to open an incident, the stuck page the statuses of
 * its filter. Self-contained (a server component reading its own data), so a page adds it with
 * one element.
 */
import { Link } from '@/components/link';
import { statusColors } from '@/components/statistics/colors';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { requestTime } from '@/lib/request-time';
import { readServiceTrend } from '@/lib/stuck-trend/data';
import { stuckSamplerSettings } from '@/lib/stuck-trend/settings';
import { minuteText } from '@/lib/stuck-trend/types';
import { NON_TERMINAL_STATUSES } from '@/lib/upstream/contract';
import { TrendPanel } from './trend-panel';

const HOURS = 24;

interface StuckTrendCardProps {
  /** The statuses drawn; default the non-terminal ones, as the dashboard counts them. */
  statuses?: readonly string[];
  /** The "Open incident" link (from the dashboard: no scope; from a stuck view: its filter). */
  openIncidentHref?: string;
  /** The "Watch this" link: a watch rule on the view's filter. */
  watchHref?: string;
  /** Filters the samples do not have (workspace, channel, another threshold): said under the chart. */
  unsampledFilters?: string[];
}

export async function StuckTrendCard({
  statuses = NON_TERMINAL_STATUSES,
  openIncidentHref,
  watchHref,
  unsampledFilters = [],
}: StuckTrendCardProps) {
  const settings = stuckSamplerSettings();
  const { points, sampledSince } = await readServiceTrend(HOURS, requestTime());
  const shown = [...statuses];
  return (
    <Card data-testid="stuck-trend-card">
      <CardHeader row className="flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">Stuck messages, last {HOURS} hours</CardTitle>
        <div className="flex flex-wrap gap-2">
          {watchHref ? (
            <Button asChild size="sm" variant="outline">
              <Link href={watchHref}>Watch this</Link>
            </Button>
          ) : null}
          {openIncidentHref ? (
            <Button asChild size="sm" variant="outline">
              <Link href={openIncidentHref}>Open incident</Link>
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="space-y-2">
        {points.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {settings.enabled
              ? `No samples yet: the console samples the stuck counts every ${settings.intervalMinutes === 1 ? 'minute' : `${settings.intervalMinutes} minutes`}.`
              : 'Sampling is off (STUCK_SAMPLING=off), so there is no trend.'}
          </p>
        ) : (
          <TrendPanel
            points={points}
            statuses={shown}
            colors={statusColors(shown)}
            caption={`Stuck messages per status, last ${HOURS} hours`}
            testId="stuck-trend"
          />
        )}
        {sampledSince ? (
          <p className="text-xs text-muted-foreground" data-testid="trend-sampled-since">
            No samples before {minuteText(sampledSince.getTime() / 60_000)} UTC (the console was not sampling): the
            chart starts there.
          </p>
        ) : null}
        {unsampledFilters.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            The trend counts the statuses only, not {unsampledFilters.join(', ')}: an incident opened with this scope
            samples it.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
