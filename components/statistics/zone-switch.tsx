'use client';

/**
 * Which zone's days are shown, and a switch: to the operator's zone (the browser's, which the
 * server cannot know) or back to UTC.
 */
import { Link } from '@/components/link';
import { useSyncExternalStore } from 'react';
import { UTC } from '@/lib/statistics/days';
import { statisticsHref, type StatisticsQuery } from '@/lib/statistics/query';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const subscribe = () => () => {};

export function ZoneSwitch({ query }: { query: StatisticsQuery }) {
  const zone = useSyncExternalStore(subscribe, browserZone, () => null);
  const inUtc = query.timeZone === UTC;
  return (
    <p className="text-sm text-muted-foreground" data-testid="zone-note">
      Days are calendar days in <strong className="text-foreground">{inUtc ? 'UTC' : query.timeZone}</strong>.{' '}
      {inUtc ? (
        zone && zone !== UTC ? (
          <Link className="underline" href={statisticsHref(query, { timeZone: zone })}>
            Show days in {zone}
          </Link>
        ) : null
      ) : (
        <Link className="underline" href={statisticsHref(query, { timeZone: UTC })}>
          Show days in UTC
        </Link>
      )}
    </p>
  );
}
