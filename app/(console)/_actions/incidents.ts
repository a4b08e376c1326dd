'use server';

import type { ActionResult } from '@/lib/actions/define';
import { addIncidentNoteAction, linkIncidentJobAction, openIncidentAction, setIncidentStatusAction } from '@/lib/actions/incidents';
import { performAction } from '@/lib/actions/server';

export async function openIncident(input: unknown): Promise<ActionResult<{ incidentId: string }>> {
  const result = await performAction(openIncidentAction, input);
  return result.ok ? { ...result, data: { incidentId: result.data.id } } : result;
}

export async function addIncidentNote(input: unknown): Promise<ActionResult<{ noteId: string }>> {
  const result = await performAction(addIncidentNoteAction, input);
  return result.ok ? { ...result, data: { noteId: result.data.id } } : result;
}

export async function setIncidentStatus(input: unknown): Promise<ActionResult<{ status: string }>> {
  const result = await performAction(setIncidentStatusAction, input);
  return result.ok ? { ...result, data: { status: result.data.status } } : result;
}

export async function linkIncidentJob(input: unknown): Promise<ActionResult<{ linked: boolean }>> {
  return performAction(linkIncidentJobAction, input);
}
