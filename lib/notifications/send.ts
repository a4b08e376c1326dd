/**
 * One attempt to deliver one message to one channel, by kind: a Slack-compatible incoming
 * webhook (`{ text, blocks }`), a JSON webhook signed with HMAC-SHA256, or e-mail over SMTP. Each
 * resolves to the attempt's outcome in words (HTTP status, SMTP reply or error) and never throws;
 * none waits longer than the timeout. The format of the signature is in docs/notifications.md.
 */
import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { ChannelTarget } from './channels';
import type { NotificationEvent } from './events';
import { escapeSlack, plainText, type NotificationMessage } from './message';
import { checkWebhookTarget } from './target-url';

export interface AttemptResult {
  ok: boolean;
  /** "HTTP 200", "250 2.0.0 OK", "timed out after 10000 ms", ... */
  outcome: string;
}

/** The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const SIGNATURE_HEADER = 'Console-Signature';

export function signWebhookBody(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `timed out after ${timeoutMs} ms`;
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    return `${error.message}${detail}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}

async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<AttemptResult> {
  await checkWebhookTarget(url);
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'voice-ops-console', ...headers },
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  // The body is not needed; reading it to the end frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  const ok = response.status >= 200 && response.status < 300;
  return {
    ok,
    outcome: `HTTP ${response.status}${response.status >= 300 && response.status < 400 ? ' (redirect not followed)' : ''}`,
  };
}

function slackBody(message: NotificationMessage): string {
  const link = `<${message.url}|Open in the console>`;
  const text = `${escapeSlack(message.title)}\n${message.details.map(escapeSlack).join('\n')}\n${link}`;
  return JSON.stringify({
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${escapeSlack(message.title)}*` } },
      ...(message.details.length > 0
        ? [{ type: 'section', text: { type: 'mrkdwn', text: message.details.map(escapeSlack).join('\n') } }]
        : []),
      { type: 'context', elements: [{ type: 'mrkdwn', text: `${link} · ${escapeSlack(message.idempotencyKey)}` }] },
    ],
  });
}

/** The JSON a generic webhook receives. */
export function webhookBody(
  event: NotificationEvent,
  message: NotificationMessage,
  eventId: string,
  createdAt: Date,
): string {
  return JSON.stringify({
    idempotencyKey: message.idempotencyKey,
    eventId,
    kind: event.kind,
    createdAt: createdAt.toISOString(),
    title: message.title,
    details: message.details,
    url: message.url,
    event,
  });
}

export interface Delivery {
  eventId: string;
  createdAt: Date;
  event: NotificationEvent;
  message: NotificationMessage;
  /** For an e-mail of an approval waiting: the approvers (lib/notifications/recipients.ts). */
  recipients: string[] | null;
}

async function sendEmail(
  target: Extract<ChannelTarget, { kind: 'email' }>,
  delivery: Delivery,
  timeoutMs: number,
): Promise<AttemptResult> {
  const { email } = target;
  const to = delivery.recipients && delivery.recipients.length > 0 ? delivery.recipients : email.to;
  if (to.length === 0) return { ok: false, outcome: 'no recipient: the channel lists none' };
  const transport = nodemailer.createTransport({
    host: email.host,
    port: email.port,
    secure: email.security === 'tls',
    requireTLS: email.security === 'starttls',
    ignoreTLS: email.security === 'none',
    auth: email.user ? { user: email.user, pass: target.password ?? '' } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    const info = await transport.sendMail({
      from: email.from,
      to,
      subject: delivery.message.title,
      text: plainText(delivery.message),
      messageId: `<${delivery.message.idempotencyKey.replace(':', '.')}@voice-ops-console>`,
      headers: { 'Idempotency-Key': delivery.message.idempotencyKey },
    });
    return { ok: true, outcome: String(info.response).slice(0, 500) };
  } finally {
    transport.close();
  }
}

/** The outcome is stored and shown: an error that quotes the URL or a password must not carry it there. */
function scrubbed(target: ChannelTarget, result: AttemptResult): AttemptResult {
  const secrets = (
    target.kind === 'email'
      ? [target.password]
      : target.kind === 'webhook'
        ? [target.url, target.signingSecret]
        : [target.url]
  ).filter((secret): secret is string => Boolean(secret));
  return { ...result, outcome: secrets.reduce((text, secret) => text.split(secret).join('[secret]'), result.outcome) };
}

export async function sendToChannel(
  target: ChannelTarget,
  delivery: Delivery,
  options: { timeoutMs: number; now: () => number },
): Promise<AttemptResult> {
  return scrubbed(target, await attempt(target, delivery, options));
}

async function attempt(
  target: ChannelTarget,
  delivery: Delivery,
  options: { timeoutMs: number; now: () => number },
): Promise<AttemptResult> {
  try {
    switch (target.kind) {
      case 'slack':
        return await post(
          target.url,
          slackBody(delivery.message),
          { 'Idempotency-Key': delivery.message.idempotencyKey },
          options.timeoutMs,
        );
      case 'webhook': {
        const body = webhookBody(delivery.event, delivery.message, delivery.eventId, delivery.createdAt);
        return await post(
          target.url,
          body,
          {
            'Idempotency-Key': delivery.message.idempotencyKey,
            [SIGNATURE_HEADER]: signWebhookBody(target.signingSecret, body, Math.floor(options.now() / 1000)),
          },
          options.timeoutMs,
        );
      }
      case 'email':
        return await sendEmail(target, delivery, options.timeoutMs);
    }
  } catch (error) {
    return { ok: false, outcome: describeError(error, options.timeoutMs) };
  }
}
