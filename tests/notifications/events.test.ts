/**
 * Notification events in the console database, on PGlite and PostgreSQL: recorded once per
 * dedupe key, rolled back with the change that made them, read back as they were recorded, and
 * refused when malformed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listNotificationEventsSince,
  recordNotificationEvent,
  type NotificationEvent,
} from '@/lib/notifications/events';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

const FIRING: NotificationEvent = {
  kind: 'rule.state',
  ruleId: 'rule_1',
  ruleName: 'Processing backlog',
  from: 'pending',
  to: 'firing',
  count: 7,
  condition: 'above 5 for 1 minute',
  path: '/rules/rule_1',
  viewPath: '/stuck?status=processing',
};

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(`notification events on ${driver.title}`, () => {
    let database: TestDatabase;
    const since = new Date(Date.now() - 60_000);
    beforeAll(async () => {
      database = await openTestDatabase(driver);
    });
    afterAll(async () => {
      await database?.dispose();
    });

    it('records an event once per dedupe key and reads it back whole', async () => {
      const first = await recordNotificationEvent(database.db, FIRING, 'rule:rule_1:firing:1');
      const second = await recordNotificationEvent(database.db, { ...FIRING, count: 9 }, 'rule:rule_1:firing:1');
      expect(first).toEqual(expect.any(String));
      expect(second).toBeNull();
      const rows = await listNotificationEventsSince(database.db, since, 10);
      expect(rows).toEqual([
        { id: first, dedupeKey: 'rule:rule_1:firing:1', createdAt: expect.any(Date), event: FIRING },
      ]);
    });

    it('an event recorded in a transaction that fails is not kept', async () => {
      await expect(
        database.db.transaction(async (tx) => {
          await recordNotificationEvent(tx, { ...FIRING, to: 'resolved', from: 'firing' }, 'rule:rule_1:resolved:2');
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      const keys = (await listNotificationEventsSince(database.db, since, 10)).map((row) => row.dedupeKey);
      expect(keys).not.toContain('rule:rule_1:resolved:2');
    });

    it('refuses a malformed event before writing it', async () => {
      await expect(
        recordNotificationEvent(database.db, { ...FIRING, path: '//evil.example/rules' }, 'rule:rule_1:bad'),
      ).rejects.toThrow(/one slash/);
      await expect(
        recordNotificationEvent(database.db, { ...FIRING, count: -1 }, 'rule:rule_1:negative'),
      ).rejects.toThrow();
    });
  });
}
