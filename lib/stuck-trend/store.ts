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

export async function recordCounts(db: Queryable, minute: Date, scope: string, counts: Record<string, number>): Promise<void> {
  await db.query(`UPDATE stuck_samples SET counts = $3::jsonb, error = NULL, sampled_at = now() WHERE minute = $1 AND scope = $2`, [
    minute.toISOString(),
    scope,
    JSON.stringify(counts),
  ]);
}

/** A failed read: the slot keeps null counts and says why. */
export async function recordGap(db: Queryable, minute: Date, scope: string, error: string): Promise<void> {
  await db.query(`UPDATE stuck_samples SET counts = NULL, error = $3, sampled_at = now() WHERE minute = $1 AND scope = $2`, [
    minute.toISOString(),
    scope,
    error.slice(0, 500),
  ]);
}

/** Deletes samples older than the retention; returns how many. */
export async function pruneSamples(db: Queryable, retentionDays: number, now: Date): Promise<number> {
  const rows = await db.query(`DELETE FROM stuck_samples WHERE minute < $1::timestamptz - make_interval(days => $2) RETURNING 1`, [now.toISOString(), retentionDays]);
  return rows.length;
}

const sampleRowSchema = z.object({ minute: z.date(), counts: z.record(z.string(), z.number()).nullable(), error: z.string().nullable(), sampled_at: z.date().nullable() });

/**
 * A scope's samples in [from, to), oldest first. A slot claimed but never filled (its console
 * stopped mid-read) is a gap too.
 */
export async function readTrend(db: Queryable, scope: string, from: Date, to: Date): Promise<TrendPoint[]> {
  const rows = await db.query(`SELECT minute, counts, error, sampled_at FROM stuck_samples WHERE scope = $1 AND minute >= $2 AND minute < $3 ORDER BY minute`, [
    scope,
    from.toISOString(),
    to.toISOString(),
  ]);
  return rows.map((row) => {
    const sample = sampleRowSchema.parse(row);
    return { minute: sample.minute, counts: sample.counts, error: sample.counts === null ? (sample.error ?? (sample.sampled_at ? 'no counts' : 'not sampled yet')) : null };
  });
}
