/**
 * The stuck_samples table: a slot per minute and scope, claimed by the first console to insert
 * it (INSERT ... ON CONFLICT DO NOTHING), then filled with the counts or left a gap with the error.
 */
import { z } from 'zod';
import type { Queryable } from '@/lib/db';
import type { TrendPoint } from './types';

/** Takes the slot; true when this caller took it (and must sample), false when another had. */
export async function claimSlot(db: Queryable, minute: Date, scope: string, instanceId: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO stuck_samples (minute, scope, claimed_by) VALUES ($1, $2, $3) ON CONFLICT (minute, scope) DO NOTHING RETURNING minute`,
    [minute.toISOString(), scope, instanceId],
  );
  return rows.length === 1;
}

export async function recordCounts(
  db: Queryable,
  minute: Date,
  scope: string,
  counts: Record<string, number>,
): Promise<void> {
  await db.query(
    `UPDATE stuck_samples SET counts = $3::jsonb, error = NULL, sampled_at = now() WHERE minute = $1 AND scope = $2`,
    [minute.toISOString(), scope, JSON.stringify(counts)],
  );
}

/** A failed read: the slot keeps null counts and says why. */
export async function recordGap(db: Queryable, minute: Date, scope: string, error: string): Promise<void> {
  await db.query(
    `UPDATE stuck_samples SET counts = NULL, error = $3, sampled_at = now() WHERE minute = $1 AND scope = $2`,
    [minute.toISOString(), scope, error.slice(0, 500)],
  );
}

/** Deletes samples older than the retention; returns how many. */
export async function pruneSamples(db: Queryable, retentionDays: number, now: Date): Promise<number> {
  const rows = await db.query(
    `DELETE FROM stuck_samples WHERE minute < $1::timestamptz - make_interval(days => $2) RETURNING 1`,
    [now.toISOString(), retentionDays],
  );
  return rows.length;
}

/** One sample as readTrend aggregates it: [epoch ms, counts, error, whether it was sampled]. */
const sampleSchema = z.tuple([
  z.number().int(),
  z.record(z.string(), z.number()).nullable(),
  z.string().nullable(),
  z.boolean(),
]);
const samplesSchema = z.array(sampleSchema);

/**
 * A scope's samples in [from, to), oldest first. A slot claimed but never filled (its console
 * stopped mid-read) is a gap too. The rows come as one JSON array: a day is 1,440 rows, and
 * PGlite's per-row decoding of that many rows costs the dashboard several times one array's.
 */
export async function readTrend(db: Queryable, scope: string, from: Date, to: Date): Promise<TrendPoint[]> {
  const [row] = await db.query<{ samples: string }>(
    `SELECT coalesce(json_agg(json_build_array((extract(epoch FROM minute) * 1000)::int8, counts, error, sampled_at IS NOT NULL) ORDER BY minute), '[]')::text AS samples
       FROM stuck_samples WHERE scope = $1 AND minute >= $2 AND minute < $3`,
    [scope, from.toISOString(), to.toISOString()],
  );
  return samplesSchema.parse(JSON.parse(row?.samples ?? '[]')).map(([minute, counts, error, sampled]) => ({
    minute: new Date(minute),
    counts,
    error: counts === null ? (error ?? (sampled ? 'no counts' : 'not sampled yet')) : null,
  }));
}
