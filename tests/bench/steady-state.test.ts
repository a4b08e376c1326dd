/** The bench's day-old console database: a day of samples, a finished 100,000-item job and a day of dashboard readings, added once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSteadyState } from '../../bench/steady-state';
import { openConsoleDb } from '@/lib/db';
import { listJobs } from '@/lib/jobs/store';
import { pgliteTestDriver, type DatabaseLocation } from '../db/drivers';

// A copy of the run's migrated database: the test is about what the seed adds, not about creating one.
let database: DatabaseLocation;
let dir: string;
beforeAll(async () => {
  database = await pgliteTestDriver.migratedLocation();
  dir = database.options.dataDir!;
});
afterAll(() => database?.remove());

describe('bench steady state', () => {
  it('fills the last day by the minute and adds the finished job once, with the counts the runner stores', async () => {
    expect(await seedSteadyState(dir)).toEqual({ samples: 1440, job: true, readings: 1439 });
    // Again: nothing but the minute that may have begun since.
    const again = await seedSteadyState(dir);
    expect(again.job).toBe(false);
    expect(again.readings).toBe(0);
    expect(again.samples).toBeLessThanOrEqual(1);
    const db = await openConsoleDb({ dataDir: dir });
    try {
      const [job] = (await listJobs(db, { statuses: ['completed'] })).rows;
      expect(job).toMatchObject({
        status: 'completed',
        counts: { total: 100_000, ok: 98_000, failed: 2_000, pending: 0 },
      });
      const [stored] = await db.query<{ final_counts: unknown }>(`SELECT final_counts FROM bulk_jobs WHERE id = $1`, [
        job!.id,
      ]);
      expect(stored?.final_counts).toMatchObject({ item_total: 100_000 });
      const rows = await db.query<{ minutes: number }>(
        `SELECT count(DISTINCT minute)::int AS minutes FROM stuck_samples WHERE scope = '' AND counts IS NOT NULL`,
      );
      expect(rows[0]?.minutes).toBe(1440 + again.samples);
    } finally {
      await db.close();
    }
  }, 60_000);
});
