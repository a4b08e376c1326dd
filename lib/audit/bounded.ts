/**
 * Keeps what goes into the audit log storable and small: parameters come (validated) from
 * operators' input, so an attacker must not be able to bloat the log, break the insert, or get
 * a secret written into it.
 */

export const MAX_PARAM_STRING_CHARS = 2_000;
export const MAX_PARAMS_BYTES = 16 * 1024;
export const REDACTED = '[redacted]';
const MAX_KEY_CHARS = 200;
const MAX_DEPTH = 8;
const PREVIEW_CHARS = 4_000;
const SECRET_KEY = /token|secret|password|authorization/i;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

// PostgreSQL refuses NUL in text and jsonb, and unpaired surrogates in jsonb.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text made storable, cut to `maxChars` with a note of how much was cut. */
export function boundedText(value: string, maxChars: number = MAX_PARAM_STRING_CHARS): string {
  const clean = value.replace(UNSTORABLE, '\ufffd');
  if (clean.length <= maxChars) return clean;
  // Do not split a surrogate pair.
  const end = /[\ud800-\udbff]/.test(clean.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
  return `${clean.slice(0, end)}… [${clean.length - end} more characters]`;
}

function boundedValue(value: unknown, depth: number): JsonValue | undefined {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
      return boundedText(value);
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'object':
      if (depth >= MAX_DEPTH) return '[too deep]';
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
      if (Array.isArray(value)) return value.map((item) => boundedValue(item, depth + 1) ?? null);
      return boundedObject(value, depth + 1);
    default:
      // undefined, functions and symbols have no JSON form, as in JSON.stringify.
      return undefined;
  }
}

function boundedObject(value: object, depth: number): JsonObject {
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    const bounded = SECRET_KEY.test(key) ? REDACTED : boundedValue(item, depth);
    if (bounded !== undefined) result[boundedText(key, MAX_KEY_CHARS)] = bounded;
  }
  return result;
}

/**
 * The parameters as they are stored: values under keys that look secret replaced by
 * `[redacted]`, long strings cut, nesting capped, and anything still over `maxBytes` replaced by a
 * note with its size and the start of its JSON (refusals pass a smaller limit: anyone can send one).
 */
export function boundedParams(params: Record<string, unknown>, maxBytes: number = MAX_PARAMS_BYTES): JsonObject {
  const bounded = boundedObject(params, 0);
  const json = JSON.stringify(bounded);
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes <= maxBytes) return bounded;
  return { _truncated: true, _bytes: bytes, _preview: boundedText(json, Math.min(PREVIEW_CHARS, maxBytes)) };
}
