/**
 * Receivers for notification tests, started on this machine: an HTTP webhook receiver that
 * records every request (and answers as the test says, or never), and an SMTP server
 * (smtp-server) that records every message. Shared by Vitest and Playwright specs.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedRequest {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The status to answer a request with, or `hang` to never answer it. */
export type WebhookAnswer = number | 'hang';

export interface WebhookReceiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  options: { port?: number; answer?: (request: ReceivedRequest, index: number) => WebhookAnswer } = {},
): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        at: Date.now(),
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const answer = options.answer?.(request, requests.length - 1) ?? 200;
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Authenticated user, when the client logged in. */
  user: string | null;
  subject: string;
  /** The body as text (quoted-printable decoded when the message says it is so encoded). */
  text: string;
  raw: string;
}

export interface SmtpReceiver {
  host: string;
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded; the space between two of them dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return decodeWords(match?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? '');
}

/** The body after the headers, decoded from quoted-printable (soft line breaks joined) when it is. */
function bodyText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (!/^content-transfer-encoding:\s*quoted-printable/im.test(head)) return body;
  return Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** A plain SMTP server (no TLS) that accepts any login, or `password` only when given. */
export async function startSmtpReceiver(options: { port?: number; password?: string } = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.password !== undefined && auth.password !== options.password) {
        callback(new Error('Invalid username or password'));
        return;
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: typeof session.user === 'string' ? session.user : null,
          subject: header(raw, 'Subject'),
          text: bodyText(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
