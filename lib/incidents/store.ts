/**
 * Incidents in the console database: open one, add notes, change its status, link bulk jobs, and
 * the reads of its page and list. The timeline (incident_events) is append-only in the database;
 * the guarded actions (lib/actions/incidents.ts) call these.
 */
import { z } from 'zod';
import type { ConsoleDb, Queryable } from '@/lib/db';
import {
  COUNTS_COLUMNS,
  countsFrom,
  JOB_COLUMNS,
  jobRowSchema,
  type CountsRow,
  type JobSummary,
} from '@/lib/jobs/store';
import { recordNotificationEvent } from '@/lib/notifications/events';
import { ActionRejectedError } from '@/lib/rejected';
import { incidentHref } from './paths';
import {
  INCIDENT_COLUMNS,
  incidentEventRowSchema,
  incidentRowSchema,
  type AffectedWorkspaces,
  type Incident,
  type IncidentActor,
  type IncidentEvent,
  type IncidentScope,
} from './types';
import { type IncidentSeverity, type IncidentStatus } from './values';

export interface OpenIncidentInput {
  id: string;
  title: string;
  severity: IncidentSeverity;
  scope: IncidentScope;
  affectedAtOpen: AffectedWorkspaces | null;
}

const EVENT_COLUMNS = 'id::text AS id, incident_id, occurred_at, kind, status, body, operator_email';

/** Tells the notification channels of a status change, in the change's transaction (once per timeline event). */
async function recordStatusChange(
  tx: Queryable,
  incident: Incident,
  from: string | null,
  eventId: string,
): Promise<void> {
  await recordNotificationEvent(
    tx,
    {
      kind: 'incident.status',
      incidentId: incident.id,
      title: incident.title,
      from,
      to: incident.status,
      path: incidentHref(incident.id),
    },
    `incident:${incident.id}:status:${eventId}`,
  );
}

/** Opens an incident: its row and the first status event ("open", by whom), in one transaction. */
export async function openIncident(db: ConsoleDb, actor: IncidentActor, input: OpenIncidentInput): Promise<Incident> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query(
      `INSERT INTO incidents (id, title, severity, scope, opened_by_id, opened_by_email, affected_at_open)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7::jsonb) RETURNING ${INCIDENT_COLUMNS}`,
      [
        input.id,
        input.title,
        input.severity,
        JSON.stringify(input.scope),
        actor.id,
        actor.email,
        input.affectedAtOpen === null ? null : JSON.stringify(input.affectedAtOpen),
      ],
    );
    const [event] = await tx.query<{ id: string }>(
      `INSERT INTO incident_events (incident_id, occurred_at, kind, status, operator_id, operator_email) VALUES ($1, $2, 'status', 'open', $3, $4) RETURNING id::text AS id`,
      [input.id, (row as { opened_at: Date }).opened_at, actor.id, actor.email],
    );
    const incident = incidentRowSchema.parse(row);
    await recordStatusChange(tx, incident, null, event!.id);
    return incident;
  });
}

async function lockIncident(tx: Queryable, incidentId: string): Promise<Incident> {
  const [row] = await tx.query(`SELECT ${INCIDENT_COLUMNS} FROM incidents WHERE id = $1 FOR UPDATE`, [incidentId]);
  if (!row) throw new ActionRejectedError(`There is no incident ${incidentId}.`, 'not_found');
  return incidentRowSchema.parse(row);
}

/** Appends a note to the timeline. Notes are never edited: a correction is another note. */
export async function addIncidentNote(
  db: ConsoleDb,
  actor: IncidentActor,
  incidentId: string,
  body: string,
): Promise<IncidentEvent> {
  return db.transaction(async (tx) => {
    await lockIncident(tx, incidentId);
    const [row] = await tx.query(
      `INSERT INTO incident_events (incident_id, kind, body, operator_id, operator_email) VALUES ($1, 'note', $2, $3, $4) RETURNING ${EVENT_COLUMNS}`,
      [incidentId, body, actor.id, actor.email],
    );
    return incidentEventRowSchema.parse(row);
  });
}

/**
 * Changes the status, with a timeline event (after the resolution's summary, as a note, when one
 * is given). mitigated_at keeps the first mitigation; an incident resolved without one stays
 * never mitigated. resolved_at is cleared when an incident is reopened.
 */
export async function setIncidentStatus(
  db: ConsoleDb,
  actor: IncidentActor,
  incidentId: string,
  status: IncidentStatus,
  summary?: string,
): Promise<Incident> {
  return db.transaction(async (tx) => {
    const current = await lockIncident(tx, incidentId);
    if (current.status === status) throw new ActionRejectedError(`The incident is already ${status}.`, 'same_status');
    if (summary) {
      await tx.query(
        `INSERT INTO incident_events (incident_id, kind, body, operator_id, operator_email) VALUES ($1, 'note', $2, $3, $4)`,
        [incidentId, `Resolution: ${summary}`, actor.id, actor.email],
      );
    }
    const [event] = await tx.query<{ id: string; occurred_at: Date }>(
      `INSERT INTO incident_events (incident_id, kind, status, operator_id, operator_email) VALUES ($1, 'status', $2, $3, $4) RETURNING id::text AS id, occurred_at`,
      [incidentId, status, actor.id, actor.email],
    );
    const [row] = await tx.query(
      `UPDATE incidents SET status = $2,
         mitigated_at = CASE WHEN $2 = 'mitigated' THEN coalesce(mitigated_at, $3) ELSE mitigated_at END,
         resolved_at = CASE WHEN $2 = 'resolved' THEN $3::timestamptz ELSE NULL END
       WHERE id = $1 RETURNING ${INCIDENT_COLUMNS}`,
      [incidentId, status, event!.occurred_at],
    );
    const incident = incidentRowSchema.parse(row);
    await recordStatusChange(tx, incident, current.status, event!.id);
    return incident;
  });
}

/** Links a bulk job to an incident; linking it again changes nothing. */
export async function linkIncidentJob(
  db: Queryable,
  incidentId: string,
  jobId: string,
  linkedByEmail: string,
): Promise<void> {
  const [found] = await db.query<{ incident: boolean; job: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM incidents WHERE id = $1) AS incident, EXISTS (SELECT 1 FROM bulk_jobs WHERE id = $2) AS job`,
    [incidentId, jobId],
  );
  if (!found?.incident) throw new ActionRejectedError(`There is no incident ${incidentId}.`, 'not_found');
  if (!found.job) throw new ActionRejectedError(`There is no bulk job ${jobId}.`, 'job_not_found');
  await db.query(
    `INSERT INTO incident_jobs (incident_id, job_id, linked_by_email) VALUES ($1, $2, $3) ON CONFLICT (incident_id, job_id) DO NOTHING`,
    [incidentId, jobId, linkedByEmail],
  );
}

export async function getIncident(db: Queryable, incidentId: string): Promise<Incident | null> {
  const [row] = await db.query(`SELECT ${INCIDENT_COLUMNS} FROM incidents WHERE id = $1`, [incidentId]);
  return row ? incidentRowSchema.parse(row) : null;
}

/** The timeline, oldest first. */
export async function listIncidentEvents(db: Queryable, incidentId: string): Promise<IncidentEvent[]> {
  const rows = await db.query(
    `SELECT ${EVENT_COLUMNS} FROM incident_events WHERE incident_id = $1 ORDER BY occurred_at, id`,
    [incidentId],
  );
  return rows.map((row) => incidentEventRowSchema.parse(row));
}

/** The jobs linked to an incident, oldest first, with their counts (one statement). */
export async function listIncidentJobs(db: Queryable, incidentId: string): Promise<JobSummary[]> {
  const rows = await db.query<Record<string, unknown> & CountsRow>(
    `SELECT ${JOB_COLUMNS.split(',')
      .map((column) => `j.${column.trim()}`)
      .join(', ')}, c.*
     FROM incident_jobs l JOIN bulk_jobs j ON j.id = l.job_id
     CROSS JOIN LATERAL (SELECT ${COUNTS_COLUMNS} FROM bulk_job_items WHERE job_id = j.id) c
     WHERE l.incident_id = $1 ORDER BY l.linked_at, j.id`,
    [incidentId],
  );
  return rows.map((row) => ({ ...jobRowSchema.parse(row), counts: countsFrom(row) }));
}

export interface IncidentListRow extends Incident {
  notes: number;
  jobs: number;
}

const pageSchema = z.object({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(200) });

/** Incidents, newest first, with how many notes and jobs each has; `total` is how many there are. */
export async function listIncidents(
  db: Queryable,
  page: { offset: number; limit: number },
): Promise<{ rows: IncidentListRow[]; total: number }> {
  const { offset, limit } = pageSchema.parse(page);
  const [rows, counted] = await Promise.all([
    db.query<Record<string, unknown> & { notes: number; jobs: number }>(
      `SELECT ${INCIDENT_COLUMNS.split(',')
        .map((column) => `i.${column.trim()}`)
        .join(', ')},
         (SELECT count(*)::int FROM incident_events e WHERE e.incident_id = i.id AND e.kind = 'note') AS notes,
         (SELECT count(*)::int FROM incident_jobs l WHERE l.incident_id = i.id) AS jobs
       FROM incidents i ORDER BY i.opened_at DESC, i.id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM incidents'),
  ]);
  return {
    rows: rows.map((row) => ({ ...incidentRowSchema.parse(row), notes: row.notes, jobs: row.jobs })),
    total: counted[0]?.total ?? 0,
  };
}

/** Incidents not resolved, the most severe first, then the newest (the dashboard leads with them). */
export async function listOpenIncidentsBySeverity(db: Queryable, limit: number): Promise<Incident[]> {
  // Severities are named sev1 (critical) to sev4 (low): their text order is their order of urgency.
  const rows = await db.query(
    `SELECT ${INCIDENT_COLUMNS} FROM incidents WHERE status <> 'resolved' ORDER BY severity, opened_at DESC, id LIMIT $1`,
    [pageSchema.shape.limit.parse(limit)],
  );
  return rows.map((row) => incidentRowSchema.parse(row));
}

/** Incidents not resolved, newest first (the sampler samples their scopes). */
export async function listUnresolvedIncidents(db: Queryable): Promise<Incident[]> {
  const rows = await db.query(
    `SELECT ${INCIDENT_COLUMNS} FROM incidents WHERE status <> 'resolved' ORDER BY opened_at DESC LIMIT 50`,
  );
  return rows.map((row) => incidentRowSchema.parse(row));
}
