/**
 * The dashboard's stuck counts, kept one reading per render in the console database so the next
 * render can say which way each count moved. The previous reading is the latest one taken with
 * the same threshold, by any operator's dashboard (the counts are the service's, not a
 * person's); readings older than a day are dropped as new ones arrive.
 */
import { z } from 'zod';
import type { Queryable } from '@/lib/db';

export interface StuckReading {
  readAt: Date;
  /** Count per status. */
  counts: Record<string, number>;
}

const readingRowSchema = z.object({
  read_at: z.coerce.date(),
  counts: z.preprocess((value) => (typeof value === 'string' ? JSON.parse(value) : value), z.record(z.string(), z.number())),
});

/**
 * Records this reading and returns the one before it (null: none yet with this threshold), and
 * drops readings older than a day: one statement, as it runs on every dashboard render.
 */
export async function recordStuckReading(db: Queryable, threshold: number, counts: Record<string, number>, now: Date): Promise<StuckReading | null> {
  const [previous] = await db.query(
    `WITH previous AS (
       SELECT read_at, counts FROM dashboard_stuck_readings WHERE threshold = $1 AND read_at < $2::timestamptz ORDER BY read_at DESC, id DESC LIMIT 1
     ), recorded AS (
       INSERT INTO dashboard_stuck_readings (read_at, threshold, counts) VALUES ($2::timestamptz, $1, $3::jsonb)
     ), pruned AS (
       DELETE FROM dashboard_stuck_readings WHERE read_at < $2::timestamptz - interval '1 day'
     )
     SELECT read_at, counts FROM previous`,
    [threshold, now.toISOString(), JSON.stringify(counts)],
  );
  if (!previous) return null;
  const row = readingRowSchema.parse(previous);
  return { readAt: row.read_at, counts: row.counts };
}
