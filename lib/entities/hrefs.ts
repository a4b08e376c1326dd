/** Console URLs of entity views (client-safe). Ids are path segments, always encoded. */

export function detailHref(entity: string, id: string): string {
  return `/${encodeURIComponent(entity)}/${encodeURIComponent(id)}`;
}

/** A list view narrowed by filter parameters, e.g. `/messages?creator=usr_1`. */
export function filteredListHref(entity: string, params: Readonly<Record<string, string>>): string {
  const query = new URLSearchParams(params).toString();
  return `/${encodeURIComponent(entity)}${query ? `?${query}` : ''}`;
}
