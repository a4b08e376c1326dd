/**
 * Refused actions in the audit log. A refusal of a signed-in operator is one row, as any
 * action. A refusal without a session comes from anyone who can reach the console, so it must not
 * cost a row per call: such refusals are counted per action, source and minute in
 * audit_refusal_tallies, and only the first of each window writes an audit row (with no target
 * ids and none of the sender's input: a record's history never shows what an unauthenticated
 * caller named). The row's count is read beside it (`refusalCount`).
 */
import type { Queryable } from '@/lib/db';
import { boundedText } from './bounded';
import { recordRefusal, type AuditId, type AuditRefusal } from './log';

/** Distinct sources per action and minute before the rest are counted together as `other`. */
export const MAX_SOURCES_PER_WINDOW = 20;
const MAX_SOURCE_CHARS = 100;

export interface AnonymousRefusal {
  action: string;
  targetType: string;
  /** Where the call came from (the client's address as the console sees it). */
  source: string;
  reason: string;
}

async function tally(
  db: Queryable,
  refusal: AnonymousRefusal,
  source: string,
): Promise<{ count: number; windowStart: Date }> {
  const [row] = await db.query<{ count: number; window_start: Date }>(
    `INSERT INTO audit_refusal_tallies (window_start, action, source, reason)
     VALUES (date_trunc('minute', now()), $1, $2, $3)
     ON CONFLICT (window_start, action, source, reason)
       DO UPDATE SET count = audit_refusal_tallies.count + 1, last_at = now()
     RETURNING count, window_start`,
    [refusal.action, source, boundedText(refusal.reason, 200)],
  );
  if (!row) throw new Error('audit_refusal_tallies upsert returned no row');
  return { count: row.count, windowStart: row.window_start };
}

/**
 * Counts a refusal without a session; writes its audit row only for the first of its window.
 * Returns the row's id when it wrote one.
 */
export async function recordAnonymousRefusal(db: Queryable, refusal: AnonymousRefusal): Promise<AuditId | null> {
  let source = boundedText(refusal.source, MAX_SOURCE_CHARS);
  let counted = await tally(db, refusal, source);
  if (counted.count === 1 && source !== 'other') {
    // A new source this minute: past the cap, fold it into `other` so that a sender varying
    // its address cannot bring back a row per call.
    const [sources] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_refusal_tallies WHERE window_start = $1 AND action = $2`,
      [counted.windowStart, refusal.action],
    );
    if ((sources?.n ?? 0) > MAX_SOURCES_PER_WINDOW) {
      await db.query(
        `DELETE FROM audit_refusal_tallies WHERE window_start = $1 AND action = $2 AND source = $3 AND reason = $4`,
        [counted.windowStart, refusal.action, source, boundedText(refusal.reason, 200)],
      );
      source = 'other';
      counted = await tally(db, refusal, source);
    }
  }
  if (counted.count !== 1) return null;
  const entry: AuditRefusal = {
    operatorId: 'anonymous',
    operatorEmail: 'anonymous',
    operatorRole: 'none',
    action: refusal.action,
    targetType: refusal.targetType,
    targetIds: [],
    params: {
      source,
      window: counted.windowStart.toISOString(),
      counted: 'every refusal of this action from this source in this minute',
    },
    outcome: 'denied',
    reason: refusal.reason,
  };
  const id = await recordRefusal(db, entry);
  await db.query(
    `UPDATE audit_refusal_tallies SET audit_id = $5::bigint WHERE window_start = $1 AND action = $2 AND source = $3 AND reason = $4`,
    [counted.windowStart, refusal.action, source, boundedText(refusal.reason, 200), id],
  );
  return id;
}
