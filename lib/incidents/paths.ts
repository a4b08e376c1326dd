/** The incident pages' URLs: plain functions, no zod, so the browser's incidents table links with them. */
export const incidentHref = (id: string) => `/incidents/${encodeURIComponent(id)}`;
export const incidentReportHref = (id: string) => `/api/incidents/${encodeURIComponent(id)}/report`;
