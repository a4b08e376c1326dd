/**
 * What leads the dashboard, on PGlite and PostgreSQL: unresolved incidents, most severe first then
 * newest, and the approval requests waiting for one operator (others' pending ones), oldest first.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovalRequest, listWaitingFor, rejectRequest, waitingCountFor } from '@/lib/approvals/store';
import { listOpenIncidentsBySeverity, openIncident, setIncidentStatus } from '@/lib/incidents/store';
import type { IncidentSeverity } from '@/lib/incidents/values';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

const OPS = { id: 'usr_ops', email: 'ops@example.com' };
const LEAD = { id: 'usr_lead', email: 'lead@example.com' };

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(`the dashboard's leads on ${driver.title}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(driver);
    });
    afterAll(async () => {
      await database?.dispose();
    });

    const open = (title: string, severity: IncidentSeverity) =>
      openIncident(database.db, OPS, {
        id: randomUUID(),
        title,
        severity,
        scope: { workspaces: [], channels: [], statuses: [] },
        affectedAtOpen: null,
      });

    it('lists unresolved incidents, the most severe first, then the newest', async () => {
      await open('minor, oldest', 'sev3');
      const major = await open('major', 'sev2');
      await open('minor, newer', 'sev3');
      const resolved = await open('critical but resolved', 'sev1');
      await setIncidentStatus(database.db, OPS, resolved.id, 'resolved');
      await setIncidentStatus(database.db, OPS, major.id, 'mitigated');
      const listed = await listOpenIncidentsBySeverity(database.db, 5);
      expect(listed.map((incident) => incident.title)).toEqual(['major', 'minor, newer', 'minor, oldest']);
      expect(await listOpenIncidentsBySeverity(database.db, 1)).toHaveLength(1);
    });

    it("lists the requests waiting for an operator as the sidebar counts them: others' pending ones, oldest first", async () => {
      const request = (reason: string) => ({
        action: 'user.merge',
        params: { sourceUserId: 'a', targetUserId: reason },
        preview: { title: `merge ${reason}`, facts: [] },
        reason,
        requester: OPS,
        ttlMinutes: 60,
      });
      await createApprovalRequest(database.db, request('first'));
      const second = await createApprovalRequest(database.db, request('second'));
      await createApprovalRequest(database.db, request('third'));
      await rejectRequest(database.db, second, LEAD, 'no');
      const waiting = await listWaitingFor(database.db, LEAD.id, 10);
      expect(waiting.map((row) => row.reason)).toEqual(['first', 'third']);
      expect(waiting).toHaveLength(await waitingCountFor(database.db, LEAD.id));
      expect(await listWaitingFor(database.db, OPS.id, 10)).toEqual([]);
    });
  });
}
