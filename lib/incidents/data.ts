/**
 * The incident pages' and report's reads: the console database (incident, timeline, jobs, the
 * audit window, the trend) and the service (the most affected workspaces now), all at once.
 */
import 'server-only';
import { queryAuditWindow } from '@/lib/audit/log';
import { readFromService } from '@/lib/auth/session';
import { getConsoleDb } from '@/lib/db';
import { readTrendSettled } from '@/lib/stuck-trend/settled-trend';
import { stuckSamplerSettings } from '@/lib/stuck-trend/settings';
import { incidentScopeKey, SERVICE_SCOPE, withMissingSlots } from '@/lib/stuck-trend/types';
import { defaultThresholdMinutes } from '@/lib/triage/settings';
import type { UpstreamClient } from '@/lib/upstream/client';
import { ruleOfIncident } from '@/lib/watch/episodes';
import { readAffectedWorkspaces, scopeStatuses } from './scope-read';
import { getIncident, listIncidentEvents, listIncidentJobs, listIncidents } from './store';
import { scopeIsSet, type Incident } from './types';

/** How long before the start the trend and the actions are shown from. */
export const LEAD_MINUTES = 15;
/** Most actions the page and the report list. */
export const MAX_ACTIONS = 300;

/** The incident's window: from a little before it opened to its resolution (or now). */
export function incidentWindow(incident: Incident, now: number): { from: Date; to: Date } {
  const end = incident.resolvedAt ? incident.resolvedAt.getTime() + 60_000 : now + 60_000;
  return { from: new Date(incident.openedAt.getTime() - LEAD_MINUTES * 60_000), to: new Date(end) };
}

/**
 * Where the incident's trend is: the whole service's samples when its scope is statuses only at
 * the default threshold (they go back before the start), else its own scope's, sampled from the
 * moment it opened while it is unresolved.
 */
export function trendScopeKey(incident: Incident): string {
  const { scope } = incident;
  const ownThreshold = scope.threshold !== undefined && scope.threshold !== defaultThresholdMinutes();
  return scope.workspaces.length > 0 || scope.channels.length > 0 || ownThreshold
    ? incidentScopeKey(incident.id)
    : SERVICE_SCOPE;
}

export async function readIncidentsPage(page: { offset: number; limit: number }) {
  return listIncidents(await getConsoleDb(), page);
}

/** Everything the incident's page and report show; null when there is no such incident. */
export async function readIncident(incidentId: string, upstream: UpstreamClient, now: number) {
  const db = await getConsoleDb();
  const incident = await getIncident(db, incidentId);
  if (!incident) return null;
  const window = incidentWindow(incident, now);
  const { intervalMinutes } = stuckSamplerSettings();
  const [events, jobs, trend, rule] = await Promise.all([
    listIncidentEvents(db, incident.id),
    listIncidentJobs(db, incident.id),
    readTrendSettled(db, trendScopeKey(incident), window.from, window.to, { now, intervalMinutes }),
    ruleOfIncident(db, incident.id),
  ]);
  const jobIds = jobs.map((job) => job.id);
  // Scoped to the incident, its jobs and the scope's workspaces and channels where a scope is set.
  const targets = scopeIsSet(incident.scope)
    ? [incident.id, ...jobIds, ...incident.scope.workspaces, ...incident.scope.channels]
    : null;
  const [actions, affectedNow] = await Promise.all([
    queryAuditWindow(db, { ...window, targets, jobIds }, MAX_ACTIONS),
    readFromService(readAffectedWorkspaces(upstream, incident.scope, defaultThresholdMinutes(), now)),
  ]);
  return {
    incident,
    /** The watch rule that opened it, when one did. */
    rule,
    events,
    jobs,
    trend: withMissingSlots(trend, intervalMinutes),
    trendStatuses: scopeStatuses(incident.scope),
    actions,
    affectedNow,
    window,
  };
}
