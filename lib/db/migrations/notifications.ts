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
