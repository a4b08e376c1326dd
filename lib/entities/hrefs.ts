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

/** The audit log narrowed by its filters, e.g. `/audit?target=usr_1`. */
export function auditHref(filters: Readonly<Record<string, string>>): string {
  return withQuery('/audit', filters);
}
