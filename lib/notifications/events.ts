/**
 * The events the console tells people about, as the code that makes them records them: a watch
 * rule changing state, an approval request waiting for an approver, an incident opened or moved
 * to another status. Recording one is an insert in the caller's transaction, never a send, so a
 * slow or broken receiver can neither block nor undo the change it reports; the notification
 * deliverer reads the events and sends each to every channel that wants it.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '@/lib/db';
import { watchRuleStateSchema } from '@/lib/watch/states';

/** A page of this console, as a path ("/rules/…"); the deliverer makes it absolute. */
export const consolePathSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?!\/)/, 'a console path starts with one slash');

export const notificationEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('rule.state'),
    ruleId: z.string().min(1),
    ruleName: z.string().min(1),
    from: watchRuleStateSchema,
    to: watchRuleStateSchema,
    /** The count of the evaluation that changed the state. */
    count: z.number().int().min(0),
    /** The rule's condition in words, e.g. "above 5 for 1 minute". */
    condition: z.string().min(1),
    /** The rule's page. */
    path: consolePathSchema,
    /** The view the rule watches, as the URL it was saved from; null for a stuck status count. */
    viewPath: consolePathSchema.nullable(),
  }),
  z.object({
    kind: z.literal('approval.waiting'),
    approvalId: z.string().min(1),
    /** What is asked, in words, e.g. "Set 240 messages to failed". */
    summary: z.string().min(1),
    requestedBy: z.string().min(1),
    expiresAt: z.string().datetime({ offset: true }),
    path: consolePathSchema,
  }),
  z.object({
    kind: z.literal('incident.status'),
    incidentId: z.string().min(1),
    title: z.string().min(1),
    /** Null when the incident was just opened. */
    from: z.string().nullable(),
    to: z.string().min(1),
    path: consolePathSchema,
  }),
  /** "Send a test message" on a channel's page: delivered to that channel only, by the same path. */
  z.object({
    kind: z.literal('channel.test'),
    channelId: z.string().min(1),
    channelName: z.string().min(1),
    requestedBy: z.string().min(1),
    path: consolePathSchema,
  }),
]);
export type NotificationEvent = z.output<typeof notificationEventSchema>;
export type NotificationEventKind = NotificationEvent['kind'];

export const notificationEventRowSchema = z.object({
  id: z.string(),
  dedupeKey: z.string(),
  createdAt: z.coerce.date(),
  event: notificationEventSchema,
});
export type NotificationEventRow = z.output<typeof notificationEventRowSchema>;

/**
 * Records `event` once per `dedupeKey` (say, "rule:<id>:firing:<slot>"): the id of the new event,
 * or null when an event with that key exists already. Pass the transaction that makes the change.
 */
export async function recordNotificationEvent(
  db: Queryable,
  event: NotificationEvent,
  dedupeKey: string,
): Promise<string | null> {
  const parsed = notificationEventSchema.parse(event);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO notification_events (id, dedupe_key, kind, payload) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [randomUUID(), dedupeKey, parsed.kind, JSON.stringify(parsed)],
  );
  return rows[0]?.id ?? null;
}

/** Events recorded since `since`, oldest first. */
export async function listNotificationEventsSince(
  db: Queryable,
  since: Date,
  limit: number,
): Promise<NotificationEventRow[]> {
  const rows = await db.query<{ id: string; dedupe_key: string; created_at: Date; payload: unknown }>(
    `SELECT id, dedupe_key, created_at, payload FROM notification_events WHERE created_at >= $1 ORDER BY created_at, id LIMIT $2`,
    [since.toISOString(), limit],
  );
  return rows.map((row) =>
    notificationEventRowSchema.parse({
      id: row.id,
      dedupeKey: row.dedupe_key,
      createdAt: row.created_at,
      event: row.payload,
    }),
  );
}
