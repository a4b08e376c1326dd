/**
 * What a notification says, from its event: a title naming what happened, a few lines of
 * detail, and the absolute link to the console page it is about. Plain text here; each channel
 * kind escapes it for its own format (lib/notifications/send.ts).
 */
import type { NotificationEvent } from './events';

export interface NotificationMessage {
  title: string;
  details: string[];
  /** The console page the event is about, absolute. */
  url: string;
  /** `<event id>:<channel id>`: the same for every attempt, so a receiver can drop a repeat. */
  idempotencyKey: string;
}

export function idempotencyKey(eventId: string, channelId: string): string {
  return `${eventId}:${channelId}`;
}

function describe(event: NotificationEvent, absolute: (path: string) => string): { title: string; details: string[] } {
  switch (event.kind) {
    case 'rule.state':
      return {
        title: `Watch rule “${event.ruleName}” is ${event.to}`,
        details: [
          `Was ${event.from}; count ${event.count}; condition: ${event.condition}.`,
          ...(event.viewPath ? [`View: ${absolute(event.viewPath)}`] : []),
        ],
      };
    case 'approval.waiting':
      return {
        title: `Approval waiting: ${event.summary}`,
        details: [`Requested by ${event.requestedBy}; expires ${event.expiresAt}.`],
      };
    case 'incident.status':
      return event.from === null
        ? { title: `Incident opened: ${event.title}`, details: [`Status: ${event.to}.`] }
        : { title: `Incident “${event.title}” is now ${event.to}`, details: [`Was ${event.from}.`] };
    case 'channel.test':
      return {
        title: `Test message for channel “${event.channelName}”`,
        details: [`Sent by ${event.requestedBy} from the console.`],
      };
  }
}

export function notificationMessage(
  event: NotificationEvent,
  ids: { eventId: string; channelId: string },
  publicUrl: string,
): NotificationMessage {
  const absolute = (path: string) => `${publicUrl}${path}`;
  return {
    ...describe(event, absolute),
    url: absolute(event.path),
    idempotencyKey: idempotencyKey(ids.eventId, ids.channelId),
  };
}

/** Slack's mrkdwn treats these three as markup (links, mentions such as <!channel>). */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The message as plain text (e-mail body, Slack's fallback). */
export function plainText(message: NotificationMessage): string {
  return [
    message.title,
    '',
    ...message.details,
    '',
    `Open in the console: ${message.url}`,
    '',
    `Idempotency key: ${message.idempotencyKey}`,
  ].join('\n');
}
