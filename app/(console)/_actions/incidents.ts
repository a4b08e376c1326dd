'use server';

import { refresh } from 'next/cache';
import type { ActionResult } from '@/lib/actions/guard/define';
import {
  addIncidentNoteAction,
  linkIncidentJobAction,
  openIncidentAction,
  setIncidentStatusAction,
} from '@/lib/actions/incidents';
import { performAction } from '@/lib/actions/guard/server';

export async function openIncident(input: unknown): Promise<ActionResult<{ incidentId: string }>> {
  const result = await performAction(openIncidentAction, input);
  return result.ok ? { ...result, data: { incidentId: result.data.id } } : result;
}

export async function addIncidentNote(input: unknown): Promise<ActionResult<{ noteId: string }>> {
  const result = await performAction(addIncidentNoteAction, input);
  return result.ok ? { ...result, data: { noteId: result.data.id } } : result;
}

/** The status buttons' last answer, for useActionState: null before the first click. */
export type IncidentStatusState = ActionResult<{ status: string }> | null;

/** Moves an incident to the status of the button pressed (its `status` field); also runs without JavaScript. */
export async function setIncidentStatus(
  _previous: IncidentStatusState,
  form: FormData,
): Promise<NonNullable<IncidentStatusState>> {
  const result = await performAction(setIncidentStatusAction, {
    incidentId: form.get('incidentId'),
    status: form.get('status'),
    summary: form.get('summary') ?? undefined,
  });
  refresh();
  return result.ok ? { ...result, data: { status: result.data.status } } : result;
}

export async function linkIncidentJob(input: unknown): Promise<ActionResult<{ linked: boolean }>> {
  return performAction(linkIncidentJobAction, input);
}
