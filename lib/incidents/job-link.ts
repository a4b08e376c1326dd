/**
 * The one hook of incidents in the job start path: a job started from a stuck view opened for an
 * incident (its input names `incidentId`) is linked to the incident through the guarded
 * `incident.link_job` action, so the link is audited like any command.
 */
import 'server-only';
import { z } from 'zod';
import type { ActionResult } from '@/lib/actions/guard/define';
import { linkIncidentJobAction } from '@/lib/actions/incidents';
import { performAction } from '@/lib/actions/guard/server';

const carriesIncident = z.object({ incidentId: z.string().trim().uuid() });

/** The started job's result, with a warning when the job could not be linked to its incident. */
export async function withIncidentLink<T extends { jobId: string }>(
  rawInput: unknown,
  started: ActionResult<T> & { ok: true },
): Promise<ActionResult<T>> {
  const named = carriesIncident.safeParse(rawInput);
  if (!named.success) return started;
  const linked = await performAction(linkIncidentJobAction, {
    incidentId: named.data.incidentId,
    jobId: started.data.jobId,
  });
  if (linked.ok) return started;
  return {
    ...started,
    warning: `The job started, but it could not be linked to the incident: ${linked.error.message} Link it from the incident's page.`,
  };
}
