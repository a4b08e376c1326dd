/** The dashboard's severity and its stuck readings: the direction compares with the previous one of the same threshold. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStuckReading } from '@/lib/dashboard/readings';
import { DEFAULT_STUCK_ALERT_COUNT, stuckAlertCount, stuckSeverity } from '@/lib/dashboard/settings';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

describe('stuck severity', () => {
  it('is ok at none, a warning below the alert count, an alert from it', () => {
    expect([0, 1, 9, 10, 11].map((count) => stuckSeverity(count, 10))).toEqual(['ok', 'warning', 'warning', 'alert', 'alert']);
  });

  it('reads DASHBOARD_STUCK_ALERT_COUNT, falling back to the default on anything but a whole number from 1', () => {
    expect(stuckAlertCount({ DASHBOARD_STUCK_ALERT_COUNT: '3' })).toBe(3);
    for (const value of [undefined, '', '0', '-2', '2.5', 'ten']) expect(stuckAlertCount({ DASHBOARD_STUCK_ALERT_COUNT: value })).toBe(DEFAULT_STUCK_ALERT_COUNT);
  });
});

describe.each(testDrivers())('stuck readings on $title', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('returns the previous reading of the same threshold, and drops readings older than a day', async () => {
    const { db } = database;
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 3, 0) + minutes * 60_000);
    expect(await recordStuckReading(db, 15, { processing: 4 }, at(0))).toBeNull();
    expect(await recordStuckReading(db, 30, { processing: 1 }, at(1))).toBeNull();
    expect(await recordStuckReading(db, 15, { processing: 6 }, at(2))).toEqual({ readAt: at(0), counts: { processing: 4 } });
    expect(await recordStuckReading(db, 15, { processing: 5 }, at(3))).toEqual({ readAt: at(2), counts: { processing: 6 } });
    // A day later, the old readings are gone once a new one is taken.
    await recordStuckReading(db, 30, { processing: 0 }, at(24 * 60 + 10));
    expect(await recordStuckReading(db, 15, { processing: 0 }, at(24 * 60 + 11))).toBeNull();
  });
});
