/**
 * The events approvals and incidents record for the notification channels, on PGlite and
 * PostgreSQL: an approval request waiting, an incident opened and each status change, each in
 * the change's own transaction and linking to the page it is about.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovalRequest } from '@/lib/approvals/store';
import { openIncident, setIncidentStatus } from '@/lib/incidents/store';
import { listNotificationEventsSince } from '@/lib/notifications/events';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

const ASKER = { id: 'acc_asker', email: 'asker@example.test' };

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(
    `notification events of approvals and incidents on ${driver.title}`,
    () => {
      let database: TestDatabase;
      const since = new Date(Date.now() - 60_000);
      beforeAll(async () => {
        database = await openTestDatabase(driver);
      });
      afterAll(async () => {
        await database?.dispose();
      });

      it('records approval.waiting when a request is made', async () => {
        const id = await createApprovalRequest(database.db, {
          action: 'user.merge',
          params: { sourceUserId: 'usr_a', targetUserId: 'usr_b' },
          preview: { title: 'Merge usr_a into usr_b', facts: [] },
          reason: 'INC-7 duplicate account',
          requester: ASKER,
          ttlMinutes: 60,
        });
        const events = await listNotificationEventsSince(database.db, since, 50);
        const waiting = events.filter((row) => row.event.kind === 'approval.waiting');
        expect(waiting).toEqual([
          {
            id: expect.any(String),
            dedupeKey: `approval:${id}:waiting`,
            createdAt: expect.any(Date),
            event: {
              kind: 'approval.waiting',
              approvalId: id,
              summary: 'Merge usr_a into usr_b',
              requestedBy: ASKER.email,
              expiresAt: expect.any(String),
              path: `/approvals/${id}`,
            },
          },
        ]);
      });

      it('records incident.status when an incident opens and at each status change', async () => {
        const incident = await openIncident(database.db, ASKER, {
          id: '7a0e4e5e-9c8e-4c53-8d7c-2f1f0d2b9a11',
          title: 'Processing backlog',
          severity: 'sev2',
          scope: { workspaces: [], channels: [], statuses: [] },
          affectedAtOpen: null,
        });
        await setIncidentStatus(database.db, ASKER, incident.id, 'mitigated');
        await expect(setIncidentStatus(database.db, ASKER, incident.id, 'mitigated')).rejects.toThrow();
        const events = (await listNotificationEventsSince(database.db, since, 50))
          .map((row) => row.event)
          .filter((event) => event.kind === 'incident.status');
        expect(events).toEqual([
          {
            kind: 'incident.status',
            incidentId: incident.id,
            title: 'Processing backlog',
            from: null,
            to: 'open',
            path: `/incidents/${incident.id}`,
          },
          {
            kind: 'incident.status',
            incidentId: incident.id,
            title: 'Processing backlog',
            from: 'open',
            to: 'mitigated',
            path: `/incidents/${incident.id}`,
          },
        ]);
      });
    },
  );
}
