/**
 * The canonical hash an approval is bound to: SHA-256 of the validated input as JSON with object
 * keys sorted at every level, so the same parameters hash the same whichever order a form or a
 * stored row gives them in, and any other value hashes differently.
 */
import { createHash } from 'node:crypto';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, entry]) => [key, canonical(entry)]),
    );
  }
  return value;
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value));
}

export function paramsHash(action: string, params: unknown): string {
  return createHash('sha256').update(action).update('\n').update(canonicalJson(params)).digest('hex');
}
