/** An incident's severities and statuses: plain values, no zod, for the browser's forms and table too. */

export const INCIDENT_SEVERITIES = ['sev1', 'sev2', 'sev3', 'sev4'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export const SEVERITY_LABELS: Record<IncidentSeverity, string> = {
  sev1: 'SEV1 (critical)',
  sev2: 'SEV2 (major)',
  sev3: 'SEV3 (minor)',
  sev4: 'SEV4 (low)',
};

/** open → mitigated → resolved; a status may also go back (a mitigation that did not hold). */
export const INCIDENT_STATUSES = ['open', 'mitigated', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** Most workspaces or channels a scope names: each is one value of the service's list filter. */
export const MAX_SCOPE_IDS = 20;
