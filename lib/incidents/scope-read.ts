/**
 * Reads of the service for an incident's scope: its stuck filter, and its most affected
 * workspaces (the oldest stuck messages' workspaces, as the stuck page counts them).
 */
import type { UpstreamClient } from '@/lib/upstream/client';
import { messageSchema, NON_TERMINAL_STATUSES } from '@/lib/upstream/contract';
import { listRecords } from '@/lib/upstream/ra';
import { breakdown, type ListFilter } from '@/lib/triage/stuck-rules';
import { scopeFilter, type AffectedWorkspaces, type IncidentScope } from './types';

/** As many of the oldest stuck messages as the stuck page's breakdown examines. */
const AFFECTED_SAMPLE = 500;

/** The scope's statuses, or every non-terminal one when it names none. */
export function scopeStatuses(scope: IncidentScope): string[] {
  return scope.statuses.length > 0 ? [...scope.statuses] : [...NON_TERMINAL_STATUSES];
}

/** The service's filter of the messages stuck in the scope at `now`. */
export function scopedStuckFilter(scope: IncidentScope, defaultThreshold: number, now: number): ListFilter {
  return {
    status: scopeStatuses(scope),
    updated_before: now - (scope.threshold ?? defaultThreshold) * 60_000,
    ...scopeFilter(scope),
  };
}

export async function readAffectedWorkspaces(
  upstream: UpstreamClient,
  scope: IncidentScope,
  defaultThreshold: number,
  now: number,
): Promise<AffectedWorkspaces> {
  const listed = await listRecords(
    upstream,
    'messages',
    {
      sort: { field: 'last_updated_at', order: 'ASC' },
      range: { start: 0, end: AFFECTED_SAMPLE - 1 },
      filter: scopedStuckFilter(scope, defaultThreshold, now),
    },
    messageSchema,
  );
  const summary = breakdown(listed.rows, 10);
  return { at: new Date(now), examined: summary.examined, total: listed.total, workspaces: summary.workspaces };
}
