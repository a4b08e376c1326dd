/**
 * Notification channels in the console database: what ops configure on /notification-channels.
 * Reads for pages return a channel's summary, which has no secret in any form (only whether each
 * is set); the deliverer alone reads a channel with its secrets decrypted (`channelTarget`).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '@/lib/db';
import { ActionRejectedError } from '@/lib/rejected';
import {
  CHANNEL_KINDS,
  CHANNEL_KIND_LABELS,
  SMTP_SECURITY,
  SUBSCRIBABLE_EVENT_KINDS,
  type ChannelKind,
  type SubscribableEventKind,
} from './kinds';
import { decryptSecret, encryptSecret } from './secrets';

/** The secrets each kind has; a webhook's URL is one, since Slack-style URLs are bearer credentials. */
export const CHANNEL_SECRETS = {
  slack: ['url'],
  webhook: ['url', 'signingSecret'],
  email: ['password'],
} as const satisfies Record<ChannelKind, readonly string[]>;
export type SecretName = (typeof CHANNEL_SECRETS)[ChannelKind][number];

export const emailSettingsSchema = z.object({
  host: z.string().min(1),
  port: z.number().int().min(1).max(65_535),
  security: z.enum(SMTP_SECURITY),
  user: z.string(),
  from: z.string().min(3),
  to: z.array(z.string().min(3)),
});
export type EmailSettings = z.output<typeof emailSettingsSchema>;

const channelSettingsSchema = z.union([emailSettingsSchema, z.object({}).strict()]);

export interface ChannelSummary {
  id: string;
  name: string;
  kind: ChannelKind;
  events: SubscribableEventKind[];
  enabled: boolean;
  /** The e-mail settings (no password); null for the webhook kinds. */
  email: EmailSettings | null;
  /** Which secrets are stored, never what they are. */
  secretsSet: Partial<Record<SecretName, boolean>>;
  updatedAt: Date;
  updatedBy: string;
  lastDelivery: { status: string; outcome: string | null; at: Date } | null;
}

const rowSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  events: z.array(z.enum(SUBSCRIBABLE_EVENT_KINDS)),
  enabled: z.boolean(),
  settings: channelSettingsSchema,
  secrets: z.record(z.string(), z.string()),
  updated_at: z.coerce.date(),
  updated_by: z.string(),
  last_status: z.string().nullable().optional(),
  last_outcome: z.string().nullable().optional(),
  last_at: z.coerce.date().nullable().optional(),
});
type ChannelRow = z.output<typeof rowSchema>;

const SUMMARY_SQL = `SELECT c.id, c.name, c.kind, c.events, c.enabled, c.settings, c.secrets, c.updated_at, c.updated_by,
  d.status AS last_status, d.last_outcome, coalesce(d.finished_at, d.created_at) AS last_at
FROM notification_channels c
LEFT JOIN LATERAL (
  SELECT status, last_outcome, finished_at, created_at FROM notification_deliveries
  WHERE channel_id = c.id AND attempts > 0 ORDER BY created_at DESC LIMIT 1
) d ON true`;

function summaryOf(row: ChannelRow): ChannelSummary {
  const names: readonly string[] = CHANNEL_SECRETS[row.kind];
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    events: row.events,
    enabled: row.enabled,
    email: row.kind === 'email' ? emailSettingsSchema.parse(row.settings) : null,
    secretsSet: Object.fromEntries(names.map((name) => [name, Boolean(row.secrets[name])])),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    lastDelivery:
      row.last_status && row.last_at
        ? { status: row.last_status, outcome: row.last_outcome ?? null, at: row.last_at }
        : null,
  };
}

export async function listChannels(db: Queryable): Promise<ChannelSummary[]> {
  const rows = await db.query(`${SUMMARY_SQL} ORDER BY lower(c.name), c.id`);
  return rows.map((row) => summaryOf(rowSchema.parse(row)));
}

export async function getChannel(db: Queryable, id: string): Promise<ChannelSummary | null> {
  const [row] = await db.query(`${SUMMARY_SQL} WHERE c.id = $1`, [id]);
  return row ? summaryOf(rowSchema.parse(row)) : null;
}

/** A channel as an operator saves it: `secrets` holds only the secrets typed now (others are kept). */
export interface ChannelInput {
  name: string;
  kind: ChannelKind;
  events: SubscribableEventKind[];
  enabled: boolean;
  email: EmailSettings | null;
  secrets: Partial<Record<SecretName, string>>;
}

function encryptAll(key: Buffer, id: string, secrets: Partial<Record<SecretName, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(secrets)
      .filter((entry): entry is [SecretName, string] => typeof entry[1] === 'string' && entry[1] !== '')
      .map(([name, value]) => [name, encryptSecret(key, id, name, value)]),
  );
}

function missingSecrets(kind: ChannelKind, stored: Record<string, string>): string[] {
  // An SMTP relay may take mail without a password; every webhook needs its URL and secret.
  return CHANNEL_SECRETS[kind].filter((name) => name !== 'password' && !stored[name]);
}

export async function createChannel(
  db: Queryable,
  key: Buffer,
  input: ChannelInput,
  actor: string,
  id: string = randomUUID(),
): Promise<string> {
  const secrets = encryptAll(key, id, input.secrets);
  const missing = missingSecrets(input.kind, secrets);
  if (missing.length > 0)
    throw new ActionRejectedError(`A ${CHANNEL_KIND_LABELS[input.kind]} needs: ${missing.join(', ')}.`);
  await db.query(
    `INSERT INTO notification_channels (id, name, kind, events, enabled, settings, secrets, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $8)`,
    [
      id,
      input.name,
      input.kind,
      input.events,
      input.enabled,
      JSON.stringify(input.email ?? {}),
      JSON.stringify(secrets),
      actor,
    ],
  );
  return id;
}

/** Saves the channel; a secret left empty keeps the stored one. The kind cannot change. */
export async function updateChannel(
  db: Queryable,
  key: Buffer,
  id: string,
  input: ChannelInput,
  actor: string,
): Promise<void> {
  const [current] = await db.query<{ kind: string; secrets: Record<string, string> }>(
    'SELECT kind, secrets FROM notification_channels WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!current) throw new ActionRejectedError('There is no such channel.', 'not_found');
  if (current.kind !== input.kind)
    throw new ActionRejectedError('A channel keeps its kind: make a new channel instead.');
  const secrets = { ...current.secrets, ...encryptAll(key, id, input.secrets) };
  await db.query(
    `UPDATE notification_channels SET name = $2, events = $3, enabled = $4, settings = $5::jsonb, secrets = $6::jsonb,
       updated_at = now(), updated_by = $7 WHERE id = $1`,
    [id, input.name, input.events, input.enabled, JSON.stringify(input.email ?? {}), JSON.stringify(secrets), actor],
  );
}

export async function deleteChannel(db: Queryable, id: string): Promise<void> {
  const rows = await db.query('DELETE FROM notification_channels WHERE id = $1 RETURNING id', [id]);
  if (rows.length === 0) throw new ActionRejectedError('There is no such channel.', 'not_found');
}

/** A channel as the deliverer sends to it, secrets decrypted (server memory only, never rendered). */
export type ChannelTarget =
  | { id: string; name: string; kind: 'slack'; url: string }
  | { id: string; name: string; kind: 'webhook'; url: string; signingSecret: string }
  | { id: string; name: string; kind: 'email'; email: EmailSettings; password: string | null };

export async function channelTarget(db: Queryable, key: Buffer, id: string): Promise<ChannelTarget | null> {
  const [raw] = await db.query(
    'SELECT id, name, kind, events, enabled, settings, secrets, updated_at, updated_by FROM notification_channels WHERE id = $1',
    [id],
  );
  if (!raw) return null;
  const row = rowSchema.parse(raw);
  const secret = (name: SecretName) => {
    const stored = row.secrets[name];
    return stored ? decryptSecret(key, row.id, name, stored) : null;
  };
  switch (row.kind) {
    case 'slack':
      return { id: row.id, name: row.name, kind: 'slack', url: secret('url') ?? '' };
    case 'webhook':
      return {
        id: row.id,
        name: row.name,
        kind: 'webhook',
        url: secret('url') ?? '',
        signingSecret: secret('signingSecret') ?? '',
      };
    case 'email':
      return {
        id: row.id,
        name: row.name,
        kind: 'email',
        email: emailSettingsSchema.parse(row.settings),
        password: secret('password'),
      };
  }
}
