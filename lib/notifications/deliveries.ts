/**
 * Deliveries in the console database: one row per event and channel, claimed before it is sent.
 * `fanOut` inserts the rows (ON CONFLICT DO NOTHING, so consoles racing insert each once);
 * `claimDue` takes due rows with a lease in one UPDATE that skips rows another console holds;
 * `finishAttempt` records the attempt and either closes the delivery or schedules the next try,
 * only if this console's lease on that attempt is still the current one.
 */
import { z } from 'zod';
import type { ConsoleDb, Queryable } from '@/lib/db';
import { notificationEventSchema, type NotificationEvent } from './events';

/**
 * Makes a delivery row for each event since `since` and each enabled channel that subscribes to
 * its kind and existed when the event happened (a new channel does not receive the past).
 */
export async function fanOut(db: Queryable, since: Date): Promise<number> {
  const rows = await db.query(
    `INSERT INTO notification_deliveries (event_id, channel_id)
     SELECT e.id, c.id FROM notification_events e
     JOIN notification_channels c ON c.enabled AND e.kind = ANY (c.events) AND c.created_at <= e.created_at
     WHERE e.created_at >= $1
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [since.toISOString()],
  );
  return rows.length;
}

/** A test message: a delivery to one channel only, due now. */
export async function addTestDelivery(db: Queryable, eventId: string, channelId: string): Promise<void> {
  await db.query('INSERT INTO notification_deliveries (event_id, channel_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    eventId,
    channelId,
  ]);
}

export interface ClaimedDelivery {
  eventId: string;
  channelId: string;
  /** This attempt's number, from 1. */
  attempt: number;
  createdAt: Date;
  event: NotificationEvent;
}

const claimedSchema = z.object({
  event_id: z.string(),
  channel_id: z.string(),
  attempts: z.number().int(),
  created_at: z.coerce.date(),
  payload: notificationEventSchema,
});

/**
 * Takes up to `limit` due deliveries for `consoleId` for `leaseMs`: pending ones whose next
 * attempt is due, and ones whose lease ran out (an attempt nobody finished: the console stopped,
 * or the receiver never answered). SKIP LOCKED leaves rows another console is claiming to it.
 */
export async function claimDue(
  db: ConsoleDb,
  consoleId: string,
  leaseMs: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const rows = await db.query(
    `WITH due AS (
       SELECT event_id, channel_id FROM notification_deliveries
       WHERE status = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until <= now())
       ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED
     )
     UPDATE notification_deliveries d SET attempts = d.attempts + 1, leased_by = $1,
       lease_until = now() + make_interval(secs => $2)
     FROM due, notification_events e
     WHERE d.event_id = due.event_id AND d.channel_id = due.channel_id AND e.id = d.event_id
     RETURNING d.event_id, d.channel_id, d.attempts, e.created_at, e.payload`,
    [consoleId, leaseMs / 1000, limit],
  );
  return rows.map((row) => {
    const parsed = claimedSchema.parse(row);
    return {
      eventId: parsed.event_id,
      channelId: parsed.channel_id,
      attempt: parsed.attempts,
      createdAt: parsed.created_at,
      event: parsed.payload,
    };
  });
}

export interface AttemptRecord {
  ok: boolean;
  outcome: string;
  startedAt: Date;
  durationMs: number;
}

/**
 * Records the attempt and moves the delivery on: delivered, failed for good when `retryDelayMs`
 * is null (no attempt left), or pending again after the delay. Nothing changes when another
 * console has taken the delivery since (this lease ran out): its attempt is the current one.
 */
export async function finishAttempt(
  db: ConsoleDb,
  consoleId: string,
  claim: Pick<ClaimedDelivery, 'eventId' | 'channelId' | 'attempt'>,
  record: AttemptRecord,
  retryDelayMs: number | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const status = record.ok ? 'delivered' : retryDelayMs === null ? 'failed' : 'pending';
    const updated = await tx.query(
      `UPDATE notification_deliveries SET status = $4, last_outcome = $5, lease_until = NULL, leased_by = NULL,
         next_attempt_at = CASE WHEN $4 = 'pending' THEN now() + make_interval(secs => $6) ELSE next_attempt_at END,
         finished_at = CASE WHEN $4 = 'pending' THEN NULL ELSE now() END
       WHERE event_id = $1 AND channel_id = $2 AND attempts = $3 AND leased_by = $7 RETURNING event_id`,
      [claim.eventId, claim.channelId, claim.attempt, status, record.outcome, (retryDelayMs ?? 0) / 1000, consoleId],
    );
    await tx.query(
      `INSERT INTO notification_delivery_attempts (event_id, channel_id, attempt, started_at, duration_ms, ok, outcome, console_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
      [
        claim.eventId,
        claim.channelId,
        claim.attempt,
        record.startedAt.toISOString(),
        record.durationMs,
        record.ok,
        record.outcome,
        consoleId,
      ],
    );
    return updated.length > 0;
  });
}

export interface DeliveryAttemptRow {
  eventId: string;
  channelId: string;
  channelName: string;
  kind: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  ok: boolean;
  outcome: string;
  /** The delivery's state now: delivered, failed (given up), or pending (another try to come). */
  deliveryStatus: string;
}

const attemptRowSchema = z
  .object({
    event_id: z.string(),
    channel_id: z.string(),
    channel_name: z.string(),
    kind: z.string(),
    attempt: z.number().int(),
    started_at: z.coerce.date(),
    duration_ms: z.number().int(),
    ok: z.boolean(),
    outcome: z.string(),
    status: z.string(),
  })
  .transform((row) => ({
    eventId: row.event_id,
    channelId: row.channel_id,
    channelName: row.channel_name,
    kind: row.kind,
    attempt: row.attempt,
    startedAt: row.started_at,
    durationMs: row.duration_ms,
    ok: row.ok,
    outcome: row.outcome,
    deliveryStatus: row.status,
  }));

export interface AttemptQuery {
  channelId?: string;
  eventId?: string;
  /** `failed`: failed attempts only; `ok`: answered ones only. */
  result?: 'failed' | 'ok';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Delivery attempts, newest first by default, with the total for paging. */
export async function listAttempts(
  db: Queryable,
  query: AttemptQuery,
): Promise<{ rows: DeliveryAttemptRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.channelId) {
    params.push(query.channelId);
    where.push(`a.channel_id = $${params.length}`);
  }
  if (query.eventId) {
    params.push(query.eventId);
    where.push(`a.event_id = $${params.length}`);
  }
  if (query.result) where.push(query.result === 'ok' ? 'a.ok' : 'NOT a.ok');
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const from = `FROM notification_delivery_attempts a
    JOIN notification_deliveries d ON d.event_id = a.event_id AND d.channel_id = a.channel_id
    JOIN notification_channels c ON c.id = a.channel_id
    JOIN notification_events e ON e.id = a.event_id ${clause}`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const [rows, [count]] = await Promise.all([
    db.query(
      `SELECT a.event_id, a.channel_id, c.name AS channel_name, e.kind, a.attempt, a.started_at, a.duration_ms, a.ok, a.outcome, d.status
       ${from} ORDER BY a.started_at ${direction}, a.attempt ${direction} LIMIT ${Math.min(query.limit, 500)} OFFSET ${Math.max(query.offset, 0)}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`, params),
  ]);
  return { rows: rows.map((row) => attemptRowSchema.parse(row)), total: count?.total ?? 0 };
}
