/** The incident pages' URLs and the scope carried in them (from a stuck view, to the stuck queue). */
import {
  enumParser,
  pageParser,
  paramReader,
  textParser,
  type ParamIssue,
  type RawSearchParams,
} from '@/lib/search-params';
import { DEFAULT_REFRESH_SECONDS, stuckHref } from '@/lib/triage/search-params';
import { NON_TERMINAL_STATUSES } from '@/lib/upstream/contract';
import { WATCHABLE_STATUSES } from '@/lib/triage/stuck-rules';
import { thresholdParamSchema, type StuckQuery } from '@/lib/triage/stuck';
import { MAX_SCOPE_IDS } from './values';
import { type Incident, type IncidentScope } from './types';

/** `path` with a scope in its query, as parseNewIncidentParams reads it back (the incident and rule forms). */
export function withScopeQuery(path: string, scope?: Partial<IncidentScope>): string {
  const params = new URLSearchParams();
  for (const status of scope?.statuses ?? []) params.append('status', status);
  for (const workspace of scope?.workspaces ?? []) params.append('workspace', workspace);
  for (const channel of scope?.channels ?? []) params.append('channel', channel);
  if (scope?.threshold) params.set('threshold', String(scope.threshold));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

/** The form that opens an incident, its scope prefilled (a stuck view's filter). */
export function newIncidentHref(scope?: Partial<IncidentScope>): string {
  return withScopeQuery('/incidents/new', scope);
}

/** A stuck view's filter as an incident's scope (the default statuses, all non-terminal, as none). */
export function scopeOfStuckQuery(query: StuckQuery): Partial<IncidentScope> {
  const allDefault =
    query.statuses.length === NON_TERMINAL_STATUSES.length &&
    NON_TERMINAL_STATUSES.every((status) => query.statuses.includes(status));
  return {
    statuses: allDefault ? [] : query.statuses,
    workspaces: query.workspace ? [query.workspace] : [],
    channels: query.channel ? [query.channel] : [],
    threshold: query.threshold,
  };
}

/** The new-incident (and new-rule) form's prefilled scope from its URL. */
export function parseNewIncidentParams(raw: RawSearchParams): { scope: IncidentScope; problems: ParamIssue[] } {
  const reader = paramReader(raw);
  const scope: IncidentScope = {
    statuses: [...new Set(reader.readList('status', enumParser(WATCHABLE_STATUSES), 'not in the scope'))],
    workspaces: reader.readList('workspace', textParser(200), 'not in the scope').slice(0, MAX_SCOPE_IDS),
    channels: reader.readList('channel', textParser(200), 'not in the scope').slice(0, MAX_SCOPE_IDS),
  };
  const threshold = reader.read('threshold', thresholdParamSchema, 'using the default');
  return { scope: threshold ? { ...scope, threshold } : scope, problems: reader.finish('page') };
}

/** The incidents list's page number. */
export function parseIncidentsParams(raw: RawSearchParams): { page: number; problems: ParamIssue[] } {
  const reader = paramReader(raw);
  const page = reader.read('page', pageParser(), 'showing page 1') ?? 1;
  return { page, problems: reader.finish('page') };
}

/**
 * The stuck queue filtered to the incident's scope, with `incident` set: bulk jobs started there
 * are linked to the incident. The queue filters by one workspace and one channel: the first of each.
 */
export function incidentStuckHref(incident: Pick<Incident, 'id' | 'scope'>, defaultThreshold: number): string {
  const { scope } = incident;
  const query: StuckQuery = {
    threshold: scope.threshold ?? defaultThreshold,
    statuses: scope.statuses.length > 0 ? scope.statuses : [...NON_TERMINAL_STATUSES],
    ...(scope.workspaces[0] ? { workspace: scope.workspaces[0] } : {}),
    ...(scope.channels[0] ? { channel: scope.channels[0] } : {}),
  };
  return stuckHref({ query, refresh: DEFAULT_REFRESH_SECONDS, incident: incident.id });
}
