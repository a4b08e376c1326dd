/** The incident pages' plain URLs, without zod: the browser's incidents table links to them. */
export const INCIDENTS_HREF = '/incidents';
export const incidentHref = (id: string) => `/incidents/${encodeURIComponent(id)}`;
export const incidentReportHref = (id: string) => `/api/incidents/${encodeURIComponent(id)}/report`;
