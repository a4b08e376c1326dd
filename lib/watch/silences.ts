/**
 * Silences: while one is on, a rule's state still moves but no notification is recorded for it.
 * Each has an author, a reason and an expiry; it ends on its own at the expiry, or earlier when
 * someone ends it.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@/lib/db';
import { ActionRejectedError } from '@/lib/rejected';
import { silenceRowSchema, type WatchSilence } from './types';

const SILENCE_COLUMNS = 'id, rule_id, starts_at, until, reason, author_email, ended_at, ended_by_email';

export async function addSilence(
  db: Queryable,
  input: { ruleId: string; until: Date; reason: string; authorEmail: string },
): Promise<WatchSilence> {
  const [row] = await db.query(
    `INSERT INTO watch_rule_silences (id, rule_id, until, reason, author_email)
     SELECT $1, id, $3, $4, $5 FROM watch_rules WHERE id = $2 RETURNING ${SILENCE_COLUMNS}`,
    [randomUUID(), input.ruleId, input.until.toISOString(), input.reason, input.authorEmail],
  );
  if (!row) throw new ActionRejectedError(`There is no watch rule ${input.ruleId}.`, 'not_found');
  return silenceRowSchema.parse(row);
}

/** Ends a silence before its expiry; one already over is refused. */
export async function endSilence(db: Queryable, silenceId: string, email: string): Promise<WatchSilence> {
  const [row] = await db.query(
    `UPDATE watch_rule_silences SET ended_at = now(), ended_by_email = $2
     WHERE id = $1 AND ended_at IS NULL AND until > now() RETURNING ${SILENCE_COLUMNS}`,
    [silenceId, email],
  );
  if (!row) throw new ActionRejectedError('That silence is over already.', 'silence_over');
  return silenceRowSchema.parse(row);
}

/** The rule's silences, newest first. */
export async function listSilences(db: Queryable, ruleId: string, limit = 50): Promise<WatchSilence[]> {
  const rows = await db.query(
    `SELECT ${SILENCE_COLUMNS} FROM watch_rule_silences WHERE rule_id = $1 ORDER BY starts_at DESC, id LIMIT $2`,
    [ruleId, limit],
  );
  return rows.map((row) => silenceRowSchema.parse(row));
}

/** The rules with a silence on at `at`, each with the one that lasts longest. */
export async function activeSilences(db: Queryable, at: Date): Promise<Map<string, WatchSilence>> {
  const rows = await db.query(
    `SELECT ${SILENCE_COLUMNS} FROM watch_rule_silences WHERE ended_at IS NULL AND starts_at <= $1 AND until > $1 ORDER BY until`,
    [at.toISOString()],
  );
  return new Map(rows.map((row) => silenceRowSchema.parse(row)).map((silence) => [silence.ruleId, silence]));
}

/** Whether the rule has a silence on at `at` (read in the evaluation's transaction). */
export async function isSilenced(tx: Queryable, ruleId: string, at: Date): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM watch_rule_silences WHERE rule_id = $1 AND ended_at IS NULL AND starts_at <= $2 AND until > $2 LIMIT 1`,
    [ruleId, at.toISOString()],
  );
  return rows.length > 0;
}
