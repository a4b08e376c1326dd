/**
 * What every call shares: error bodies, rate-limit and request-id headers, path segments and ids,
 * the record every /admin/ra entity is, and the reading of answers whose body the spec does not list.
 * Part of the contract with the voice service (see ./index.ts).
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Errors

/** Error bodies of the real service: `{ success: false, requestId, errmsg }`. */
export const errorBodySchema = z.looseObject({
  success: z.literal(false),
  requestId: z.string().optional(),
  errmsg: z.string().optional(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Rate-limit headers named by the spec. ASSUMPTION: `X-RateLimit-Reset` is epoch seconds (as the
 * emulator sends it); a value too small to be one (before 2001) is read as seconds from now,
 * the other common form, so that a service using it is not retried at once, forever.
 */
export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
} as const;

const EPOCH_SECONDS_FLOOR = 1_000_000_000;

/** When a rate-limit window resets, epoch milliseconds, from the header's value. */
export function rateLimitResetAt(value: number, now = Date.now()): number {
  if (value >= EPOCH_SECONDS_FLOOR) return value * 1000;
  // To the whole second, so that answers of one window name the same reset.
  return Math.ceil((now + value * 1000) / 1000) * 1000;
}

/** Header carrying the request id on every response (ASSUMPTION; the body has `requestId` too). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Ids, statuses and entity names travel in the service's paths. `.` and `..` cannot: URL parsing
 * resolves them (even encoded) into another path, so `/admin/user/set_verified/..` would call
 * `/admin/user/`. They are refused wherever such a value is accepted, and here again.
 */
export function isDotSegment(value: string): boolean {
  return value === '.' || value === '..';
}

/** One value as one path segment of a service URL. */
export function pathSegment(value: string): string {
  if (isDotSegment(value)) throw new Error(`"${value}" cannot be a segment of a service path`);
  return encodeURIComponent(value);
}

/** An id an operator gives for a record of the service (a user id, a message guid). */
export function serviceIdSchema(what: string) {
  return z
    .string()
    .trim()
    .min(1, `a ${what} is required`)
    .max(256, `a ${what} is at most 256 characters`)
    .refine((value) => !isDotSegment(value), `a ${what} cannot be "." or ".."`);
}

// ---------------------------------------------------------------------------------------------
// Records of /admin/ra

/**
 * Every /admin/ra record carries `id` (react-admin requires it). react-admin allows numbers;
 * the console reads them as their decimal text (the known entities' ids are strings).
 */
export const raRecordSchema = z.looseObject({
  id: z.union([z.string().min(1), z.number().finite().transform(String)]),
});
export type RaRecord = z.infer<typeof raRecordSchema>;

// ---------------------------------------------------------------------------------------------
// The other /admin/ra entities. ASSUMPTION throughout: the spec names these records but not all
// their fields in the admin API; each carries `id` (react-admin's key) equal to its guid, plus the
// spec's own field names where the spec lists them.

export const nullableString = z.string().nullable().optional();

/**
 * What the console reads from a 2xx operation whose success body the spec does not list: the
 * record when the answer carries it (`answer`, what the emulator sends), null otherwise.
 * ASSUMPTION: any other body still means done; the console reads the record back instead.
 */
export function recordOrNull<A, T>(answer: z.ZodType<A>, record: (parsed: A) => T) {
  return z.unknown().transform((body): T | null => {
    const parsed = answer.safeParse(body);
    return parsed.success ? record(parsed.data) : null;
  });
}
