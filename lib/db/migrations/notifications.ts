/** What the console has to tell people, before it is delivered. Part of the ordered list in index.ts, whose rules hold here. */
import type { Migration } from './index';

/**
 * One row per event worth telling someone about (lib/notifications/events.ts). Written in the
 * same transaction as the change it reports, so an event exists exactly when its change does;
 * `dedupe_key` makes a second console recording the same change a no-op. Delivery to each
 * channel is tracked elsewhere, per event and channel.
 */
export const notificationEvents: Migration = {
  id: '0076_notification_events',
  sql: `
CREATE TABLE notification_events (
  id text PRIMARY KEY,
  dedupe_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_events_created_idx ON notification_events (created_at);
`,
};

/**
 * Where notifications go, configured by ops. Secrets (a webhook's URL, the signing secret, the
 * SMTP password) are stored only as AES-256-GCM ciphertext (lib/notifications/secrets.ts); the
 * rest of the settings is plain JSON. `events` lists the event kinds the channel receives.
 */
export const notificationChannels: Migration = {
  id: '0083_notification_channels',
  sql: `
CREATE TABLE notification_channels (
  id text PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('slack', 'webhook', 'email')),
  events text[] NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  settings jsonb NOT NULL,
  secrets jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL
);
`,
};

/**
 * One row per event and channel, inserted (ON CONFLICT DO NOTHING) before anything is sent, so
 * every console agrees on what there is to send. A console takes an attempt by setting the lease
 * in one conditional UPDATE; another console may take it again only once the lease has run out
 * (the attempt was never answered) or after a failed attempt's backoff. Each attempt is a row of
 * notification_delivery_attempts.
 */
export const notificationDeliveries: Migration = {
  id: '0084_notification_deliveries',
  sql: `
CREATE TABLE notification_deliveries (
  event_id text NOT NULL REFERENCES notification_events (id) ON DELETE CASCADE,
  channel_id text NOT NULL REFERENCES notification_channels (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  leased_by text,
  last_outcome text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (event_id, channel_id)
);
CREATE INDEX notification_deliveries_due_idx ON notification_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX notification_deliveries_channel_idx ON notification_deliveries (channel_id, created_at);
CREATE TABLE notification_delivery_attempts (
  event_id text NOT NULL,
  channel_id text NOT NULL,
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  ok boolean NOT NULL,
  outcome text NOT NULL,
  console_id text NOT NULL,
  PRIMARY KEY (event_id, channel_id, attempt),
  FOREIGN KEY (event_id, channel_id) REFERENCES notification_deliveries (event_id, channel_id) ON DELETE CASCADE
);
CREATE INDEX notification_delivery_attempts_channel_idx ON notification_delivery_attempts (channel_id, started_at DESC);
`,
};
