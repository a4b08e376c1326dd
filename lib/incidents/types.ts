/** The incident model: severities, statuses, scope, and the rows as callers see them. */
import { z } from 'zod';
import { detailHref } from '@/lib/entities/hrefs';
import type { NameRecord } from '@/lib/entities/types';
import { WATCHABLE_STATUSES, type ListFilter } from '@/lib/triage/stuck-rules';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, MAX_SCOPE_IDS } from './values';

const scopeIdSchema = z.string().trim().min(1).max(200);

/**
 * What the incident concerns; every part optional (empty: the whole service). From a stuck view,
 * its filter: the threshold, statuses, workspace and channel.
 */
export const incidentScopeSchema = z.object({
  workspaces: z.array(scopeIdSchema).max(MAX_SCOPE_IDS).default([]),
  channels: z.array(scopeIdSchema).max(MAX_SCOPE_IDS).default([]),
  statuses: z.array(z.enum(WATCHABLE_STATUSES)).default([]),
  /** Minutes without an update after which a message counts as stuck, for the scoped counts. */
  threshold: z
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .optional(),
});
export type IncidentScope = z.output<typeof incidentScopeSchema>;

export function scopeIsSet(scope: IncidentScope): boolean {
  return scope.workspaces.length > 0 || scope.channels.length > 0 || scope.statuses.length > 0;
}

/** The scope's part of the service's message filter (statuses and the stuck window are added by the caller). */
export function scopeFilter(scope: IncidentScope): ListFilter {
  return {
    ...(scope.workspaces.length > 0 ? { workspace_guid: scope.workspaces } : {}),
    ...(scope.channels.length > 0 ? { channel_guids: scope.channels } : {}),
  };
}

/** The entities a scope names by id. */
export type ScopeEntity = 'workspaces' | 'channels';

/** How a scope's workspace or channel is said: by default its id. */
export type ScopeNamer = (entity: ScopeEntity, id: string) => string;

/** Names from a page's batch read (lib/entities/names.ts), the id where there is none. */
export function namesOrIds(names: NameRecord): ScopeNamer {
  return (entity, id) => names[detailHref(entity, id)]?.name ?? id;
}

/** The ids of scopes' workspaces and channels, as a request for their names (readNames). */
export function scopeNameRequest(scopes: readonly IncidentScope[]): Record<ScopeEntity, string[]> {
  return {
    workspaces: scopes.flatMap((scope) => scope.workspaces),
    channels: scopes.flatMap((scope) => scope.channels),
  };
}

/** The scope in words: "workspaces Acme, Globex; statuses processing", with ids unless `nameOf` names them. */
export function describeScope(scope: IncidentScope, nameOf: ScopeNamer = (_entity, id) => id): string {
  const named = (entity: ScopeEntity, ids: string[]) => ids.map((id) => nameOf(entity, id)).join(', ');
  const parts = [
    scope.workspaces.length > 0 ? `workspaces ${named('workspaces', scope.workspaces)}` : null,
    scope.channels.length > 0 ? `channels ${named('channels', scope.channels)}` : null,
    scope.statuses.length > 0 ? `statuses ${scope.statuses.join(', ')}` : null,
    scope.threshold ? `stuck after ${scope.threshold} min` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join('; ') : 'the whole service';
}

/** The most affected workspaces at one time: the oldest stuck messages' workspaces, most first. */
export const affectedWorkspacesSchema = z.object({
  at: z.coerce.date(),
  examined: z.number().int().min(0),
  total: z.number().int().min(0),
  workspaces: z.array(z.object({ workspaceGuid: z.string(), count: z.number().int().min(0) })),
});
export type AffectedWorkspaces = z.output<typeof affectedWorkspacesSchema>;

export const incidentRowSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    severity: z.enum(INCIDENT_SEVERITIES),
    scope: z.unknown(),
    status: z.enum(INCIDENT_STATUSES),
    opened_at: z.date(),
    opened_by_id: z.string(),
    opened_by_email: z.string(),
    affected_at_open: z.unknown(),
    mitigated_at: z.date().nullable(),
    resolved_at: z.date().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    title: row.title,
    severity: row.severity,
    scope: incidentScopeSchema.parse(row.scope ?? {}),
    status: row.status,
    openedAt: row.opened_at,
    openedBy: { id: row.opened_by_id, email: row.opened_by_email },
    affectedAtOpen: row.affected_at_open == null ? null : affectedWorkspacesSchema.parse(row.affected_at_open),
    /** The first time it was marked mitigated (or resolved without mitigation), and resolved. */
    mitigatedAt: row.mitigated_at,
    resolvedAt: row.resolved_at,
  }));
export type Incident = z.output<typeof incidentRowSchema>;

export const INCIDENT_COLUMNS =
  'id, title, severity, scope, status, opened_at, opened_by_id, opened_by_email, affected_at_open, mitigated_at, resolved_at';

export const incidentEventRowSchema = z
  .object({
    id: z.string(),
    incident_id: z.string(),
    occurred_at: z.date(),
    kind: z.enum(['status', 'note']),
    status: z.enum(INCIDENT_STATUSES).nullable(),
    body: z.string().nullable(),
    operator_email: z.string(),
  })
  .transform((row) =>
    row.kind === 'status'
      ? {
          kind: 'status' as const,
          id: row.id,
          at: row.occurred_at,
          operatorEmail: row.operator_email,
          status: row.status ?? 'open',
        }
      : {
          kind: 'note' as const,
          id: row.id,
          at: row.occurred_at,
          operatorEmail: row.operator_email,
          body: row.body ?? '',
        },
  );
export type IncidentEvent = z.output<typeof incidentEventRowSchema>;

/** Whoever acts on an incident: recorded on its timeline. */
export interface IncidentActor {
  id: string;
  email: string;
}
