/**
 * What the logger removes from every line: credentials of the operator, the service and the
 * console itself, by key, wherever they appear in a logged object. A walk over the line's own
 * object rather than pino's path-based redaction: with wildcards at every depth, pino's redaction
 * cost many times the rest of writing a line, and the console writes a line per service call.
 */

/** Keys never written. */
export const REDACTED_KEYS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'secret',
  'clientSecret',
  'client_secret',
  'password',
  'NEXTAUTH_SECRET',
  'METRICS_TOKEN',
]);

export const CENSOR = '[redacted]';

/** Deeper than any line the console logs; a deeper value is written as this marker. */
const MAX_DEPTH = 8;
const TOO_DEEP = '[too deep]';

/**
 * Objects written as their own fields: plain objects, arrays and class instances without a JSON
 * form of their own. Errors are left to the error serializer, dates and binary data have nothing
 * to censor.
 */
function isWalked(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (value instanceof Error || ArrayBuffer.isView(value)) return false;
  return typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/**
 * `value` with every REDACTED_KEYS entry censored, at any depth (an error goes through the
 * logger's error serializer first, which makes it a plain object). The value itself is returned
 * when nothing in it is censored, and the caller's objects are never changed: a part with
 * something censored is copied, as a plain object or array.
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (!isWalked(value)) return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP as T;
  let copy: Record<string, unknown> | unknown[] | null = null;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const next = typeof key === 'string' && REDACTED_KEYS.has(key) ? CENSOR : redactSecrets(item, depth + 1);
    if (next === item) continue;
    copy ??= Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) };
    (copy as Record<string | number, unknown>)[key] = next;
  }
  return (copy ?? value) as T;
}
