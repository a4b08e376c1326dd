/**
 * Incident commands as guarded actions. Support opens incidents and writes notes (the people
 * first on an incident); changing its status (mitigated, resolved, reopened) and linking bulk
 * jobs, which only ops can run, need ops. The timeline is the console's own: only opening
 * reads the service (the most affected workspaces at the start).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { readAffectedWorkspaces } from '@/lib/incidents/scope-read';
import { addIncidentNote, linkIncidentJob, openIncident, setIncidentStatus } from '@/lib/incidents/store';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES } from '@/lib/incidents/values';
import { incidentScopeSchema } from '@/lib/incidents/types';
import { defaultThresholdMinutes } from '@/lib/triage/settings';
import { defineAction } from './guard/define';
import { logger } from '@/lib/observability/logger';
import { freeText } from '@/lib/free-text';

const incidentId = z.string().trim().uuid('an incident id is a UUID');

export const openIncidentAction = defineAction({
  name: 'incident.open',
  requiredRole: 'support',
  input: z
    .object({
      title: freeText({ min: 1, minMessage: 'a title is required', max: 200, maxMessage: 'at most 200 characters' }),
      severity: z.enum(INCIDENT_SEVERITIES),
      scope: incidentScopeSchema.default({ workspaces: [], channels: [], statuses: [] }),
    })
    .transform((input) => ({ ...input, incidentId: randomUUID() })),
  target: (input) => ({
    type: 'incident',
    ids: [input.incidentId, ...input.scope.workspaces, ...input.scope.channels],
  }),
  run: async ({ operator, upstream, db }, input) => {
    // The start's picture is a nicety: a failed read opens the incident without it.
    const affectedAtOpen = await readAffectedWorkspaces(
      upstream,
      input.scope,
      defaultThresholdMinutes(),
      Date.now(),
    ).catch((error: unknown) => {
      logger('incidents').warn(
        { err: error },
        `could not read the most affected workspaces for incident ${input.incidentId}`,
      );
      return null;
    });
    return openIncident(db, operator, {
      id: input.incidentId,
      title: input.title,
      severity: input.severity,
      scope: input.scope,
      affectedAtOpen,
    });
  },
  summary: (incident) => `opened ${incident.severity} incident “${incident.title}”`,
});

export const addIncidentNoteAction = defineAction({
  name: 'incident.add_note',
  requiredRole: 'support',
  input: z.object({
    incidentId,
    body: freeText({
      min: 1,
      minMessage: 'a note cannot be empty',
      max: 5000,
      maxMessage: 'at most 5,000 characters',
      multiline: true,
    }),
  }),
  target: (input) => ({ type: 'incident', ids: [input.incidentId] }),
  run: ({ operator, db }, input) => addIncidentNote(db, operator, input.incidentId, input.body),
  summary: (note) => `note ${note.id}`,
});

export const setIncidentStatusAction = defineAction({
  name: 'incident.set_status',
  requiredRole: 'ops',
  input: z
    .object({
      incidentId,
      status: z.enum(INCIDENT_STATUSES),
      summary: freeText({ max: 2000, maxMessage: 'at most 2,000 characters', multiline: true }).optional(),
    })
    // A resolved incident says how it ended: the summary goes on its timeline and into its report.
    .refine((input) => input.status !== 'resolved' || Boolean(input.summary), {
      path: ['summary'],
      message: 'Say in a sentence or two how it was resolved.',
    }),
  target: (input) => ({ type: 'incident', ids: [input.incidentId] }),
  run: ({ operator, db }, input) =>
    setIncidentStatus(
      db,
      operator,
      input.incidentId,
      input.status,
      input.status === 'resolved' ? input.summary : undefined,
    ),
  summary: (incident) => `now ${incident.status}`,
});

export const linkIncidentJobAction = defineAction({
  name: 'incident.link_job',
  requiredRole: 'ops',
  input: z.object({ incidentId, jobId: z.string().trim().uuid('a job id is a UUID') }),
  target: (input) => ({ type: 'incident', ids: [input.incidentId, input.jobId], jobId: input.jobId }),
  run: ({ operator, db }, input) =>
    linkIncidentJob(db, input.incidentId, input.jobId, operator.email).then(() => ({ linked: true })),
  summary: () => 'job linked',
});
