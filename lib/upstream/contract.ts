/**
 * The contract with the voice service: zod schemas of every request and response the console
 * uses, and the conventions around them. The emulator validates its own responses with these
 * same schemas, so the two cannot drift apart.
 *
 * Where the spec says "not shown", the choice made here is marked ASSUMPTION and covered by
 * tests; adapting to the real service is a change to this file.
 *
 * No React, no Next, no server-only import: the emulator and tests import this file directly.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// OAuth

/** Scopes from the spec's table. */
export const SCOPES = [
  'admin',
  'identity',
  'profile:read',
  'profile:write',
  'channels:read',
  'channels:write',
  'channels:join',
] as const;
export type Scope = (typeof SCOPES)[number];

/** The scopes the console asks for: `admin` for /admin and /agents, `identity` for who signed in. */
export const CONSOLE_SCOPES: readonly Scope[] = ['admin', 'identity'];

/** Token response of the spec (fields beyond `access_token` are optional on the wire). */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number().optional(),
  refresh_token_exp: z.number().optional(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** OAuth error body (RFC 6749 section 5.2). */
export const oauthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
});

/**
 * ASSUMPTION: the identity endpoint (its path is not shown; the console's VOICE_IDENTITY_URL
 * points at it, `/identity` on the emulator) answers the signed-in user with these fields.
 * `scopes` lists what the presented token grants, so the console can require `admin`.
 */
export const identitySchema = z.looseObject({
  user_id: z.string().min(1),
  email: z.string(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  scopes: z.array(z.string()),
});
export type Identity = z.infer<typeof identitySchema>;

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

/** Rate-limit headers named by the spec. `X-RateLimit-Reset` is epoch seconds (ASSUMPTION). */
export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
} as const;

/** Header carrying the request id on every response (ASSUMPTION; the body has `requestId` too). */
export const REQUEST_ID_HEADER = 'x-request-id';

// ---------------------------------------------------------------------------------------------
// The react-admin "simple REST" list convention of /admin/ra (see ARCHITECTURE.md)

export type SortOrder = 'ASC' | 'DESC';
export interface ListQuery {
  /** Field and order. */
  sort?: { field: string; order: SortOrder };
  /** Inclusive zero-based row range, as react-admin sends it. */
  range?: { start: number; end: number };
  /** Exact-match fields, id lists (`{id: [...]}`) and free text `q`. */
  filter?: Record<string, unknown>;
}

/** Encodes a list query as the `sort`, `range` and `filter` JSON query parameters. */
export function encodeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.sort) params.set('sort', JSON.stringify([query.sort.field, query.sort.order]));
  if (query.range) params.set('range', JSON.stringify([query.range.start, query.range.end]));
  if (query.filter && Object.keys(query.filter).length > 0) {
    params.set('filter', JSON.stringify(query.filter));
  }
  return params;
}

const sortParamSchema = z.tuple([z.string().min(1), z.enum(['ASC', 'DESC'])]);
const rangeParamSchema = z
  .tuple([z.number().int().min(0), z.number().int().min(0)])
  .refine(([start, end]) => end >= start, 'range end must not be before its start');
const filterParamSchema = z.record(z.string(), z.unknown());

export type ListQueryParseResult =
  | { ok: true; query: ListQuery }
  | { ok: false; parameter: 'sort' | 'range' | 'filter'; message: string };

/** Parses the `sort`, `range`, `filter` query parameters, naming the parameter that is wrong. */
export function parseListQuery(params: URLSearchParams): ListQueryParseResult {
  const query: ListQuery = {};
  const parts = [
    ['sort', sortParamSchema],
    ['range', rangeParamSchema],
    ['filter', filterParamSchema],
  ] as const;
  for (const [name, schema] of parts) {
    const raw = params.get(name);
    if (raw === null || raw === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { ok: false, parameter: name, message: `${name} is not valid JSON` };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      return { ok: false, parameter: name, message: `${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
    }
    if (name === 'sort') {
      const [field, order] = parsed.data as z.infer<typeof sortParamSchema>;
      query.sort = { field, order };
    } else if (name === 'range') {
      const [start, end] = parsed.data as [number, number];
      query.range = { start, end };
    } else {
      query.filter = parsed.data as Record<string, unknown>;
    }
  }
  return { ok: true, query };
}

/**
 * `Content-Range: users 0-24/319`. ASSUMPTION: an empty page is written with `*` as its range
 * (`users *` + `/319`), as RFC 9110 writes an unsatisfied range.
 */
export function formatContentRange(entity: string, start: number, count: number, total: number): string {
  if (count === 0) return `${entity} */${total}`;
  return `${entity} ${start}-${start + count - 1}/${total}`;
}

/** Reads the total from a `Content-Range` header; `null` when absent or malformed. */
export function parseContentRangeTotal(header: string | null): number | null {
  if (!header) return null;
  const match = /\/(\d+)\s*$/.exec(header);
  return match ? Number(match[1]) : null;
}

// ---------------------------------------------------------------------------------------------
// Records of /admin/ra

/** Every /admin/ra record carries `id` (react-admin requires it). */
export const raRecordSchema = z.looseObject({ id: z.string().min(1) });
export type RaRecord = z.infer<typeof raRecordSchema>;

/**
 * ASSUMPTION: the fields of a user record in `/admin/ra/users` (not shown by the spec).
 * Optional fields may be null in the service's data.
 */
export const userSchema = z.looseObject({
  id: z.string().min(1),
  email: z.string(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  image_url: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  verified: z.boolean(),
  /** `human` or `agent`. */
  account_type: z.string().optional(),
  /** Identity-provider link, when the user signs in through one. */
  idp_provider: z.string().nullable().optional(),
  /** Set when this account was merged into another (the target's id). */
  merged_into: z.string().nullable().optional(),
  created_at: z.string(),
  last_active_at: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);
