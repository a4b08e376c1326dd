/**
 * What the stuck page shows of incidents, as one element: when the view was opened from an
 * incident, which one (jobs started here are linked to it); and the view's stuck trend, with a
 * link that opens an incident scoped to the view's filter.
 */
import { Link } from '@/components/link';
import { StuckTrendCard } from '@/components/stuck-trend/stuck-trend-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { getConsoleDb } from '@/lib/db';
import { incidentHref } from '@/lib/incidents/paths';
import { newIncidentHref, scopeOfStuckQuery } from '@/lib/incidents/hrefs';
import { getIncident } from '@/lib/incidents/store';
import type { StuckPageState } from '@/lib/triage/search-params';
import { defaultThresholdMinutes } from '@/lib/triage/settings';

export async function StuckViewIncident({ state }: { state: StuckPageState }) {
  const { query } = state;
  const incident = state.incident ? await getIncident(await getConsoleDb(), state.incident) : null;
  const unsampled = [
    query.workspace ? 'workspace' : null,
    query.channel ? 'channel' : null,
    query.creator ? 'creator' : null,
    query.threshold !== defaultThresholdMinutes()
      ? `a threshold of ${query.threshold} minutes (it uses ${defaultThresholdMinutes()})`
      : null,
  ].filter((name) => name !== null);
  return (
    <>
      {state.incident ? (
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
      ) : null}
      <StuckTrendCard
        statuses={query.statuses}
        openIncidentHref={incident ? undefined : newIncidentHref(scopeOfStuckQuery(query))}
        unsampledFilters={unsampled}
      />
    </>
  );
}
