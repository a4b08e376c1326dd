/** The dashboard's severity and its stuck readings: the direction compares with a reading of the same threshold a quarter of an hour old. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStuckReading } from '@/lib/dashboard/readings';
import { DEFAULT_STUCK_ALERT_COUNT, stuckAlertCount, stuckSeverity } from '@/lib/dashboard/settings';
import { openTestDatabase, testDrivers, type TestDatabase } from '../db/drivers';

describe('stuck severity', () => {
  it('is ok at none, a warning below the alert count, an alert from it', () => {
    expect([0, 1, 9, 10, 11].map((count) => stuckSeverity(count, 10))).toEqual([
      'ok',
      'warning',
      'warning',
      'alert',
      'alert',
    ]);
  });

  it('reads DASHBOARD_STUCK_ALERT_COUNT, falling back to the default on anything but a whole number from 1', () => {
    expect(stuckAlertCount({ DASHBOARD_STUCK_ALERT_COUNT: '3' })).toBe(3);
    for (const value of [undefined, '', '0', '-2', '2.5', 'ten'])
      expect(stuckAlertCount({ DASHBOARD_STUCK_ALERT_COUNT: value })).toBe(DEFAULT_STUCK_ALERT_COUNT);
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

  it('compares with the latest reading a quarter of an hour old, or the earliest while none is that old; keeps one a minute per threshold; drops those a day old', async () => {
    const { db } = database;
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 3, 0) + seconds * 1000);
    const kept = async (threshold: number) =>
      (
        await db.query<{ read_at: string | Date }>(
          'SELECT read_at FROM dashboard_stuck_readings WHERE threshold = $1 ORDER BY read_at',
          [threshold],
        )
      ).map((row) => new Date(row.read_at).toISOString());
    expect(await recordStuckReading(db, 15, { processing: 4 }, at(0))).toBeNull();
    expect(await recordStuckReading(db, 30, { processing: 1 }, at(1))).toBeNull();
    // Ten seconds later: nothing is a quarter of an hour old yet, so the earliest; not kept (same minute).
    expect(await recordStuckReading(db, 15, { processing: 6 }, at(10))).toEqual({
      readAt: at(0),
      counts: { processing: 4 },
    });
    expect(await recordStuckReading(db, 15, { processing: 7 }, at(61))).toEqual({
      readAt: at(0),
      counts: { processing: 4 },
    });
    expect(await kept(15)).toEqual([at(0), at(61)].map((date) => date.toISOString()));
    // Sixteen minutes in: the latest reading at least fifteen minutes old.
    expect(await recordStuckReading(db, 15, { processing: 2 }, at(16 * 60 + 1))).toEqual({
      readAt: at(61),
      counts: { processing: 7 },
    });
    expect(await recordStuckReading(db, 15, { processing: 2 }, at(16 * 60 + 20))).toEqual({
      readAt: at(61),
      counts: { processing: 7 },
    });
    expect(await kept(15)).toHaveLength(3);
    expect(await kept(30)).toEqual([at(1).toISOString()]);
    // A day later, the old readings are gone once a new one is kept.
    await recordStuckReading(db, 30, { processing: 0 }, at(24 * 3600 + 17 * 60));
    expect(await kept(15)).toEqual([]);
    expect(await recordStuckReading(db, 15, { processing: 0 }, at(24 * 3600 + 18 * 60))).toBeNull();
  });
});
