/** Small HTTP helpers shared by the emulator's own routes (everything but oidc-provider's). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { ErrorBody } from '../lib/upstream/contract';
import type { Caller } from './guard';

/** An expected failure, answered with the service's error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** Per-request facts shared by the handlers and the request log. */
export interface RequestContext {
  requestId: string;
  method: string;
  url: URL;
  /** The account, agent or client behind the bearer token, once authenticated. */
  subject: string | null;
  /** Who called, once authenticated (/admin and /agents). */
  caller: Caller | null;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
  });
  res.end(payload);
}

/** Answers the body after checking it against the contract's schema. */
export function sendValidated<T>(
  res: ServerResponse,
  schema: z.ZodType<T>,
  body: T,
  status = 200,
  headers: Readonly<Record<string, string>> = {},
): void {
  sendJson(res, status, schema.parse(body), headers);
}

/** Validates input (a body, a query) with a zod schema; a problem is a 400 naming the field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : what;
  throw new HttpError(400, `${field}: ${issue?.message ?? 'invalid'}`, 'INVALID_PARAMETER');
}

export function sendError(res: ServerResponse, context: RequestContext, error: HttpError): void {
  const body: ErrorBody = { success: false, requestId: context.requestId, errmsg: error.message, code: error.code };
  sendJson(res, error.status, body, error.headers);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    // Pages are static markup with inline styles; nothing else may load or frame them.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(html);
}

/** The largest JSON body any emulator route accepts. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Reads the whole body, refusing more than `limitBytes` with 413. */
export async function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new HttpError(413, `request body exceeds ${limitBytes} bytes`, 'PAYLOAD_TOO_LARGE', { Connection: 'close' });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    received += buffer.length;
    if (received > limitBytes) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, received);
}

/** Parses a JSON body; an empty body is `{}`; malformed JSON is a 400, never a 500. */
export async function readJsonBody(req: IncomingMessage, limitBytes = JSON_BODY_LIMIT_BYTES): Promise<unknown> {
  const raw = await readBody(req, limitBytes);
  if (raw.length === 0) return {};
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'request body must be application/json', 'UNSUPPORTED_MEDIA_TYPE');
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'request body is not valid JSON', 'INVALID_JSON');
  }
}

export async function readFormBody(req: IncomingMessage, limitBytes: number): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, limitBytes)).toString('utf8'));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
