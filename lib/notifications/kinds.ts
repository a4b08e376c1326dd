/**
 * The names of channel kinds and event kinds, with their words: plain constants, so the
 * browser's channel form imports them without the server modules that use them.
 */
import type { NotificationEventKind } from './events';

export const CHANNEL_KINDS = ['slack', 'webhook', 'email'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export const CHANNEL_KIND_LABELS: Record<ChannelKind, string> = {
  slack: 'Slack webhook',
  webhook: 'Signed JSON webhook',
  email: 'E-mail (SMTP)',
};

/** How the SMTP connection is secured: TLS from the start, STARTTLS required, or plain (a local relay). */
export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;

/** The kinds a channel subscribes to (a test message goes only to the channel it tests). */
export const SUBSCRIBABLE_EVENT_KINDS = ['rule.state', 'approval.waiting', 'incident.status'] as const;
export type SubscribableEventKind = (typeof SUBSCRIBABLE_EVENT_KINDS)[number];
export const EVENT_KIND_LABELS: Record<NotificationEventKind, string> = {
  'rule.state': 'Watch rule changes',
  'approval.waiting': 'Approvals waiting',
  'incident.status': 'Incident status changes',
  'channel.test': 'Test messages',
};
