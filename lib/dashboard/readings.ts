/**
 * The dashboard's stuck counts, kept in the console database so that each card can say which way
 * its count moved over the last quarter of an hour. Readings are shared by every operator's
 * dashboard (the counts are the service's, not a person's) and kept per threshold: at most one a
 * minute, so a dashboard open on many screens neither writes on every render nor compares with a
 * render a moment ago, which said "unchanged" nearly always. Readings older than a day are
 * dropped as new ones are kept.
 */
import { z } from 'zod';
import type { Queryable } from '@/lib/db';

export interface StuckReading {
  readAt: Date;
  /** Count per status. */
  counts: Record<string, number>;
}

/** How often a reading is kept, per threshold. */
export const READING_INTERVAL_MS = 60_000;
/** How far back the direction looks: to the latest reading at least this old. */
export const DIRECTION_WINDOW_MS = 15 * 60_000;

const readingRowSchema = z.object({
  read_at: z.coerce.date(),
  counts: z.preprocess(
    (value) => (typeof value === 'string' ? JSON.parse(value) : value),
    z.record(z.string(), z.number()),
  ),
});

/**
 * Keeps this reading when the threshold has none from the last minute, and returns the one to
 * compare with: the latest taken at least DIRECTION_WINDOW_MS ago, or, while there is none that
 * old yet, the earliest there is (null: none before now). One statement, as it runs on every
 * dashboard render; it writes only when it keeps a reading.
 */
export async function recordStuckReading(
  db: Queryable,
  threshold: number,
  counts: Record<string, number>,
  now: Date,
): Promise<StuckReading | null> {
  const [previous] = await db.query(
    `WITH window_start AS (
       SELECT read_at, counts FROM dashboard_stuck_readings
        WHERE threshold = $1 AND read_at <= $2::timestamptz - make_interval(secs => $4::double precision / 1000)
        ORDER BY read_at DESC, id DESC LIMIT 1
     ), earliest AS (
       SELECT read_at, counts FROM dashboard_stuck_readings
        WHERE threshold = $1 AND read_at < $2::timestamptz
        ORDER BY read_at ASC, id ASC LIMIT 1
     ), recorded AS (
       INSERT INTO dashboard_stuck_readings (read_at, threshold, counts)
       SELECT $2::timestamptz, $1, $3::jsonb
        WHERE NOT EXISTS (
          SELECT 1 FROM dashboard_stuck_readings
           WHERE threshold = $1 AND read_at > $2::timestamptz - make_interval(secs => $5::double precision / 1000)
        )
       RETURNING 1
     ), pruned AS (
       DELETE FROM dashboard_stuck_readings
        WHERE read_at < $2::timestamptz - interval '1 day' AND EXISTS (SELECT 1 FROM recorded)
     )
     SELECT read_at, counts FROM window_start
     UNION ALL
     SELECT read_at, counts FROM earliest WHERE NOT EXISTS (SELECT 1 FROM window_start)`,
    [threshold, now.toISOString(), JSON.stringify(counts), DIRECTION_WINDOW_MS, READING_INTERVAL_MS],
  );
  if (!previous) return null;
  const row = readingRowSchema.parse(previous);
  return { readAt: row.read_at, counts: row.counts };
}
