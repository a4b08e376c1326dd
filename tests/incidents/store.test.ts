/**
 * Incidents in the console database, on PGlite and PostgreSQL: opening, notes, status changes
 * with their times, job links, and the timeline's append-only rule enforced by the database.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addIncidentNote,
  getIncident,
  linkIncidentJob,
  listIncidentEvents,
  listIncidentJobs,
  listIncidents,
  listUnresolvedIncidents,
  openIncident,
  setIncidentStatus,
} from '@/lib/incidents/store';
import { timeToMitigate } from '@/lib/incidents/report';
import { ActionRejectedError } from '@/lib/rejected';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

const SUPPORT = { id: 'usr_support', email: 'support@example.com' };
const OPS = { id: 'usr_ops', email: 'ops@example.com' };

async function insertJob(database: TestDatabase): Promise<string> {
  const id = randomUUID();
  await database.db.query(
    `INSERT INTO bulk_jobs (id, action, selection, status, created_by_id, created_by_email, created_by_role, total)
     VALUES ($1, 'message.reprocess', '{"kind":"ids","ids":["m1"]}', 'completed', 'usr_ops', 'ops@example.com', 'ops', 1)`,
    [id],
  );
  await database.db.query(`INSERT INTO bulk_job_items (job_id, seq, item_id, status) VALUES ($1, 0, 'm1', 'ok')`, [id]);
  return id;
}

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(`incidents on ${driver.title}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(driver);
    });
    afterAll(async () => {
      await database?.dispose();
    });

    const open = (title = 'Processing backlog') =>
      openIncident(database.db, SUPPORT, {
        id: randomUUID(),
        title,
        severity: 'sev2',
        scope: { workspaces: ['ws_1'], channels: [], statuses: ['processing'], threshold: 10 },
        affectedAtOpen: { at: new Date(), examined: 3, total: 3, workspaces: [{ workspaceGuid: 'ws_1', count: 3 }] },
      });

    it('opens an incident with its first status event and scope', async () => {
      const incident = await open();
      expect(incident).toMatchObject({
        status: 'open',
        severity: 'sev2',
        openedBy: SUPPORT,
        mitigatedAt: null,
        resolvedAt: null,
      });
      expect(incident.scope).toEqual({ workspaces: ['ws_1'], channels: [], statuses: ['processing'], threshold: 10 });
      expect(incident.affectedAtOpen?.workspaces).toEqual([{ workspaceGuid: 'ws_1', count: 3 }]);
      const events = await listIncidentEvents(database.db, incident.id);
      expect(events).toEqual([
        expect.objectContaining({ kind: 'status', status: 'open', operatorEmail: SUPPORT.email }),
      ]);
    });

    it('records status changes with their time and operator; mitigation kept, resolution cleared on reopen', async () => {
      const incident = await open();
      const mitigated = await setIncidentStatus(database.db, OPS, incident.id, 'mitigated');
      expect(mitigated.mitigatedAt).toBeInstanceOf(Date);
      const resolved = await setIncidentStatus(database.db, OPS, incident.id, 'resolved');
      expect(resolved.mitigatedAt).toEqual(mitigated.mitigatedAt);
      expect(resolved.resolvedAt!.getTime()).toBeGreaterThanOrEqual(mitigated.mitigatedAt!.getTime());
      await expect(setIncidentStatus(database.db, OPS, incident.id, 'resolved')).rejects.toThrow(ActionRejectedError);
      const reopened = await setIncidentStatus(database.db, OPS, incident.id, 'open');
      expect(reopened).toMatchObject({ status: 'open', resolvedAt: null });
      const statuses = (await listIncidentEvents(database.db, incident.id)).map((event) =>
        event.kind === 'status' ? `${event.status} by ${event.operatorEmail}` : 'note',
      );
      expect(statuses).toEqual([
        'open by support@example.com',
        'mitigated by ops@example.com',
        'resolved by ops@example.com',
        'open by ops@example.com',
      ]);
    });

    it('a resolve without a mitigation leaves it never mitigated, and puts its summary on the timeline', async () => {
      const incident = await open();
      const resolved = await setIncidentStatus(database.db, OPS, incident.id, 'resolved', 'Transcoder restarted');
      expect(resolved.mitigatedAt).toBeNull();
      expect(resolved.resolvedAt).toBeInstanceOf(Date);
      expect(timeToMitigate(resolved)).toBe('never mitigated (resolved directly)');
      const events = await listIncidentEvents(database.db, incident.id);
      expect(events.map((event) => (event.kind === 'note' ? event.body : event.status))).toEqual([
        'open',
        'Resolution: Transcoder restarted',
        'resolved',
      ]);
      expect((await listUnresolvedIncidents(database.db)).map((row) => row.id)).not.toContain(incident.id);
    });

    it('keeps notes append-only in the database: no update, delete or truncate', async () => {
      const incident = await open();
      const note = await addIncidentNote(database.db, SUPPORT, incident.id, 'First look: <b>not</b> markup');
      expect(note).toMatchObject({ kind: 'note', body: 'First look: <b>not</b> markup' });
      await expect(
        database.db.query(`UPDATE incident_events SET body = 'rewritten' WHERE id = $1::bigint`, [note.id]),
      ).rejects.toThrow(/append-only/);
      await expect(database.db.query(`DELETE FROM incident_events WHERE id = $1::bigint`, [note.id])).rejects.toThrow(
        /append-only/,
      );
      await expect(database.db.query(`TRUNCATE incident_events CASCADE`)).rejects.toThrow(/append-only/);
      await addIncidentNote(database.db, SUPPORT, incident.id, 'Correction: it was channel c_2');
      const notes = (await listIncidentEvents(database.db, incident.id)).filter((event) => event.kind === 'note');
      expect(notes.map((event) => (event.kind === 'note' ? event.body : ''))).toEqual([
        'First look: <b>not</b> markup',
        'Correction: it was channel c_2',
      ]);
      await expect(addIncidentNote(database.db, SUPPORT, randomUUID(), 'nowhere')).rejects.toThrow(ActionRejectedError);
    });

    it('links jobs once each, with their counts, and refuses unknown jobs', async () => {
      const incident = await open();
      const jobId = await insertJob(database);
      await linkIncidentJob(database.db, incident.id, jobId, OPS.email);
      await linkIncidentJob(database.db, incident.id, jobId, OPS.email);
      const jobs = await listIncidentJobs(database.db, incident.id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({
        id: jobId,
        status: 'completed',
        counts: expect.objectContaining({ ok: 1, total: 1 }),
      });
      await expect(linkIncidentJob(database.db, incident.id, randomUUID(), OPS.email)).rejects.toThrow(/no bulk job/);
      const listed = await listIncidents(database.db, { offset: 0, limit: 50 });
      expect(listed.rows.find((row) => row.id === incident.id)).toMatchObject({ jobs: 1, notes: 0 });
      expect(await getIncident(database.db, randomUUID())).toBeNull();
    });
  });
}
