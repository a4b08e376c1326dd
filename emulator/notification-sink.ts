/**
 * A webhook receiver for trying the console's notification channels on this machine: POST
 * /notification-sink answers 204 and keeps the last messages (headers that matter and the body);
 * GET /__control/notification-sink lists them, and each POST is in the request log like any
 * call. Nothing here checks a signature: it shows what a receiver would get.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './http';

export const NOTIFICATION_SINK_PATH = '/notification-sink';
const KEPT = 200;
const BODY_LIMIT_BYTES = 256 * 1024;

export interface SinkMessage {
  time: string;
  idempotencyKey: string | null;
  signature: string | null;
  contentType: string | null;
  body: string;
}

export interface NotificationSink {
  receive(req: IncomingMessage, res: ServerResponse): Promise<void>;
  messages(): SinkMessage[];
}

export function createNotificationSink(): NotificationSink {
  const kept: SinkMessage[] = [];
  const header = (req: IncomingMessage, name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : null;
  };
  return {
    async receive(req, res) {
      const body = (await readBody(req, BODY_LIMIT_BYTES)).toString('utf8');
      kept.push({
        time: new Date().toISOString(),
        idempotencyKey: header(req, 'idempotency-key'),
        signature: header(req, 'console-signature'),
        contentType: header(req, 'content-type'),
        body,
      });
      if (kept.length > KEPT) kept.splice(0, kept.length - KEPT);
      res.writeHead(204).end();
    },
    messages: () => [...kept],
  };
}
