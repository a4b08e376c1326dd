/**
 * What the client makes of what came back: an answer's status, rate-limit headers and body,
 * parsed with the contract into data or into one UpstreamError; and, when nothing came back,
 * whether the request can have left at all.
 */
import type { z } from 'zod';
import { errorBodySchema, RATE_LIMIT_HEADERS, rateLimitResetAt, REQUEST_ID_HEADER } from '../contract';
import { UpstreamError, type RateLimitInfo, type UpstreamErrorKind } from './errors';
import type { TransportResponse } from './transport';
import type { HttpMethod } from './client';

/** An answer read: its data, or the error it means; `outcome` is what the call's log line says. */
export type ReadAnswer<T> = { requestId: string; rateLimit: RateLimitInfo } & (
  | { ok: true; outcome: 'ok'; data: T }
  | { ok: false; outcome: UpstreamErrorKind; error: UpstreamError }
);

export function readAnswer<T>(
  request: { method: HttpMethod; path: string; schema?: z.ZodType<T> },
  response: TransportResponse,
  clientRequestId: string,
): ReadAnswer<T> {
  const { method, path } = request;
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? clientRequestId;
  const rateLimit = readRateLimit(response.headers);
  const json = parseJson(response.text);

  if (!response.ok) {
    const kind = response.status >= 300 && response.status < 400 ? 'invalid_response' : kindForStatus(response.status);
    const body = errorBodySchema.safeParse(json.ok ? json.value : undefined);
    const error = new UpstreamError({
      kind,
      method,
      path,
      status: response.status,
      requestId: (body.success ? body.data.requestId : undefined) ?? requestId,
      serviceMessage: body.success ? body.data.errmsg : undefined,
      code: body.success ? body.data.code : undefined,
      rateLimit,
    });
    return { ok: false, outcome: kind, error, requestId, rateLimit };
  }

  if (!request.schema) return { ok: true, outcome: 'ok', data: undefined as T, requestId, rateLimit };
  const parsed = json.ok ? request.schema.safeParse(json.value) : null;
  if (parsed?.success) return { ok: true, outcome: 'ok', data: parsed.data, requestId, rateLimit };
  const detail = parsed
    ? parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')
    : 'body is not JSON';
  const error = new UpstreamError({
    kind: 'invalid_response',
    method,
    path,
    status: response.status,
    requestId,
    serviceMessage: `Unexpected response: ${detail}`,
    rateLimit,
  });
  return { ok: false, outcome: 'invalid_response', error, requestId, rateLimit };
}

function readRateLimit(headers: Headers): RateLimitInfo {
  const number = (name: string): number | null => {
    const raw = headers.get(name);
    if (raw === null || raw.trim() === '') return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  };
  const reset = number(RATE_LIMIT_HEADERS.reset);
  return {
    limit: number(RATE_LIMIT_HEADERS.limit),
    remaining: number(RATE_LIMIT_HEADERS.remaining),
    resetAt: reset === null ? null : rateLimitResetAt(reset),
  };
}

function kindForStatus(status: number): UpstreamErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'bad_request';
}

/** Connection errors that mean the request never left: nothing can have been applied. */
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function neverSent(cause: unknown): boolean {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
  const code = inner instanceof Error && 'code' in inner ? inner.code : undefined;
  return typeof code === 'string' && NEVER_SENT_CODES.has(code);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
