/** Console URLs of entity views (client-safe). Ids are path segments, always encoded. */

export function detailHref(entity: string, id: string): string {
  return `/${encodeURIComponent(entity)}/${encodeURIComponent(id)}`;
}

function withQuery(path: string, params: Readonly<Record<string, string>>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}

/** A list view narrowed by filter parameters, e.g. `/messages?creator=usr_1`. */
export function filteredListHref(entity: string, params: Readonly<Record<string, string>>): string {
  return withQuery(`/${encodeURIComponent(entity)}`, params);
}

/** The jobs list, e.g. `/jobs?page=2&paused=1`. */
export function jobsHref(params: Readonly<Record<string, string>> = {}): string {
  return withQuery('/jobs', params);
}

/** A bulk job's page, e.g. `/jobs/<uuid>?items=failed`. */
export function jobHref(id: string, params: Readonly<Record<string, string>> = {}): string {
  return withQuery(`/jobs/${encodeURIComponent(id)}`, params);
}

/** The operators list, e.g. `/operators?role=ops`. */
export function operatorsHref(params: Readonly<Record<string, string>> = {}): string {
  return withQuery('/operators', params);
}

/** One operator's page (their role, sessions and recent actions), by account id. */
export function operatorHref(accountId: string): string {
  return `/operators/${encodeURIComponent(accountId)}`;
}

/** The audit log narrowed by its filters, e.g. `/audit?target=usr_1`. */
export function auditHref(filters: Readonly<Record<string, string>>): string {
  return withQuery('/audit', filters);
}

/** The entity of each audit target type that has a page of its own. */
const AUDIT_TARGET_ENTITIES: Readonly<Record<string, string>> = {
  user: 'users',
  workspace: 'workspaces',
  channel: 'channels',
  message: 'messages',
  domain: 'domains',
  agent: 'agents',
};

/** The page of an audit entry's target, or null for a target type without one. */
export function auditTargetHref(targetType: string, id: string): string | null {
  if (targetType === 'bulk_job') return jobHref(id);
  if (targetType === 'operator') return operatorHref(id);
  const entity = Object.hasOwn(AUDIT_TARGET_ENTITIES, targetType) ? AUDIT_TARGET_ENTITIES[targetType] : undefined;
  return entity ? detailHref(entity, id) : null;
}
