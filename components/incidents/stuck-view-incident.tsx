/**
 * What the stuck page shows of incidents: when the view was opened from an incident, which one
 * (jobs started here are linked to it), above the list; and the view's stuck trend, with a link
 * that opens an incident scoped to the view's filter and one that watches it, below it.
 */
import { cache } from 'react';
import { Link } from '@/components/link';
import { StuckTrendCard } from '@/components/stuck-trend/stuck-trend-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { getConsoleDb } from '@/lib/db';
import { incidentHref } from '@/lib/incidents/paths';
import { newIncidentHref, scopeOfStuckQuery } from '@/lib/incidents/hrefs';
import { getIncident } from '@/lib/incidents/store';
import { newRuleHref } from '@/lib/watch/paths';
import type { StuckPageState } from '@/lib/triage/search-params';
import { defaultThresholdMinutes } from '@/lib/triage/settings';

/** The view's incident, read once per request for both parts. */
const readIncident = cache(async (id: string | undefined) => (id ? getIncident(await getConsoleDb(), id) : null));

/** Which incident a view opened from an incident remediates for (nothing otherwise). */
export async function StuckViewIncident({ state }: { state: StuckPageState }) {
  if (!state.incident) return null;
  const incident = await readIncident(state.incident);
  return (
    <Alert data-testid="stuck-incident-banner">
      <AlertTitle>
        {incident ? (
          <>
            Remediating for incident{' '}
            <Link className="underline" href={incidentHref(incident.id)}>
              {incident.title}
            </Link>
          </>
        ) : (
          'The incident in the link does not exist'
        )}
      </AlertTitle>
      <AlertDescription>
        {incident
          ? 'Bulk jobs started from this view are linked to the incident.'
          : 'Jobs started here are not linked to any incident.'}
      </AlertDescription>
    </Alert>
  );
}

/** The view's stuck trend, and (unless the view remediates for an incident) a link opening one for it. */
export async function StuckViewTrend({ state }: { state: StuckPageState }) {
  const { query } = state;
  const incident = await readIncident(state.incident);
  const unsampled = [
    query.workspace ? 'workspace' : null,
    query.channel ? 'channel' : null,
    query.creator ? 'creator' : null,
    query.threshold !== defaultThresholdMinutes()
      ? `a threshold of ${query.threshold} minutes (it uses ${defaultThresholdMinutes()})`
      : null,
  ].filter((name) => name !== null);
  return (
    <StuckTrendCard
      statuses={query.statuses}
      openIncidentHref={incident ? undefined : newIncidentHref(scopeOfStuckQuery(query))}
      watchHref={newRuleHref(scopeOfStuckQuery(query))}
      unsampledFilters={unsampled}
    />
  );
}
