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
//
// ASSUMPTION: the console signs operators in with the authorization-code flow with PKCE at
// `{auth_url}/oauth/authorize` and `{auth_url}/oauth/token`, the client authenticating with
// HTTP Basic (RFC 6749 2.3.1; next-auth's default). The spec calls the authorize redirect
// "implicit flow" and lists `client_id` and `client_secret` among the token exchange's body
// fields without showing the exchange's path or encoding; a service that wants them in the body
// needs `token_endpoint_auth_method: 'client_secret_post'` on the provider (lib/auth/options.ts)
// and the same in lib/auth/refresh.ts and lib/jobs/service-credential.ts.

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
// The react-admin "simple REST" list convention of /admin/ra (see ARCHITECTURE.md)
//
// ASSUMPTIONS beyond the convention's exact-match filters, which the console relies on:
// - a filter value that is an array matches any of its values (react-admin's getMany sends
//   `{"id": [...]}`; the console also sends lists of statuses);
// - messages take `updated_after`/`updated_before` bounds on `last_updated_at` in epoch
//   milliseconds (`after` inclusive, `before` exclusive), which the stuck queue's age buckets
//   use, like the `created_*` bounds the registry lists (lib/entities/registry.ts);
// - the entities are named in the plural (`/admin/ra/messages`), although the message
//   operations live under the singular `/admin/ra/message/{guid}/...`, and agents are listed as
//   `/admin/ra/agents`.

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

/**
 * Every /admin/ra record carries `id` (react-admin requires it). react-admin allows numbers;
 * the console reads them as their decimal text (the known entities' ids are strings).
 */
export const raRecordSchema = z.looseObject({ id: z.union([z.string().min(1), z.number().finite().transform(String)]) });
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
  /** For agents: the root human owner. */
  creator_id: z.string().nullable().optional(),
  created_at: z.string(),
  last_active_at: z.string().nullable().optional(),
  /** ASSUMPTION: soft-deleted accounts (agents deleted through DELETE /agents/{id}) keep their row. */
  deleted_at: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

// ---------------------------------------------------------------------------------------------
// The other /admin/ra entities. ASSUMPTION throughout: the spec names these records but not all
// their fields in the admin API; each carries `id` (react-admin's key) equal to its guid, plus the
// spec's own field names where the spec lists them.

const nullableString = z.string().nullable().optional();

export const workspaceSchema = z.looseObject({
  id: z.string().min(1),
  workspace_guid: z.string(),
  workspace_name: z.string().nullable(),
  vanity_name: nullableString,
  workspace_description: nullableString,
  image_url: nullableString,
  owner_guid: z.string().nullable(),
  type_cd: nullableString,
  plan_type: nullableString,
  created_by: nullableString,
  created_ts: z.number(),
  last_updated_ts: z.number().nullable().optional(),
  /** ASSUMPTION: soft-deleted workspaces (an agent's, when the agent is deleted) keep their row. */
  deleted_at: nullableString,
  /** The spec's `role_cd`: the caller's role, present where the answer is about one user (GET /admin/workspaces). */
  role_cd: nullableString,
});
export type Workspace = z.infer<typeof workspaceSchema>;
export const workspaceListSchema = z.array(workspaceSchema);

/** ASSUMPTION: GET /admin/workspace/users answers user records with the user's role in the workspace. */
export const workspaceUserSchema = userSchema.extend({ role_cd: z.string() });
export const workspaceUserListSchema = z.array(workspaceUserSchema);

/** Member roles and conversation visibility values seen in the service's public contracts. */
export const MEMBER_ROLES = ['admin', 'owner', 'creator', 'member', 'guest'] as const;
export const CHANNEL_VISIBILITIES = ['private', 'workspace', 'public'] as const;
/** ASSUMPTION: membership status values of UpdateChannelMemberAdminDto. */
export const MEMBERSHIP_STATUSES = ['active', 'inactive', 'removed'] as const;

export const channelMemberSchema = z.looseObject({
  user_id: z.string(),
  role: z.string(),
  status: z.string(),
  joined_ts: z.number().nullable().optional(),
});

export const channelSchema = z.looseObject({
  id: z.string().min(1),
  channel_guid: z.string(),
  workspace_guid: z.string().nullable(),
  channel_name: z.string().nullable(),
  channel_description: nullableString,
  image_url: nullableString,
  /** `directMessage` or `namedConversation`. */
  type: z.string(),
  /**
   * The spec's channel record has `is_private` (a string, values not shown) and no
   * `visibility`. ASSUMPTION: the admin list also carries `visibility`, the value
   * SetChannelVisibilityDto sets (the emulator sends both); a record without it still reads.
   */
  visibility: z.string().optional(),
  is_private: nullableString,
  owner_guid: z.string().nullable().optional(),
  created_ts: z.number(),
  last_posted_ts: z.number().nullable().optional(),
  /** The spec's `json_collaborators`: the members with their role and membership status. */
  json_collaborators: z.array(channelMemberSchema).optional(),
});
export type Channel = z.infer<typeof channelSchema>;

/** Message status values seen in the service's public contracts (the admin API accepts any). */
export const KNOWN_MESSAGE_STATUSES = [
  'offline',
  'paused',
  'processing',
  'scheduled',
  'active',
  'deleted',
  'account-deleted',
  'initializing',
  'inprogress',
  'canceled',
] as const;
/** Statuses a message can be stuck in. */
export const NON_TERMINAL_STATUSES = ['processing', 'initializing', 'inprogress'] as const;

export const audioModelSchema = z.looseObject({
  _id: z.string(),
  /**
   * ASSUMPTION: `hls` (the recording as streamed) or `mp3` (made by createMP3). The spec shows
   * audio models as `_id` and `url` only; without a type, audioModelKind reads it from the URL.
   */
  type: z.string().optional(),
  url: z.string(),
});

export type AudioModel = z.infer<typeof audioModelSchema>;

/** An audio model's kind: its `type`, or else what its URL says (`.m3u8` HLS, `.mp3` MP3). */
export function audioModelKind(model: AudioModel): 'hls' | 'mp3' | string | null {
  if (model.type) return model.type;
  const path = model.url.split(/[?#]/)[0]!.toLowerCase();
  return path.endsWith('.m3u8') ? 'hls' : path.endsWith('.mp3') ? 'mp3' : null;
}

/**
 * ASSUMPTION: a message's epoch-millisecond times lie within what a Date can hold (±8.64e15). The
 * schema accepts any number so one odd row does not fail a list; a time outside that range (the
 * service sent `1e300`) is read as absent, which the pages show as an unknown time.
 */
const epochMsSchema = z
  .number()
  .optional()
  .transform((value) => (value !== undefined && Number.isFinite(value) && Math.abs(value) <= 8.64e15 ? value : undefined));

/** Message fields: all optional but `id` and `status`, as the spec has every response field unless stated. */
export const messageSchema = z.looseObject({
  id: z.string().min(1),
  message_guid: z.string().optional(),
  creator_guid: z.string().nullable().optional(),
  workspace_guid: z.string().nullable().optional(),
  channel_guids: z.array(z.string()).optional(),
  status: z.string(),
  /** ASSUMPTION: why the message has its status (set when processing failed). */
  status_reason: nullableString,
  name: nullableString,
  is_text_message: z.boolean().optional(),
  duration_ms: z.number().nullable().optional(),
  transcript_txt: nullableString,
  /** Epoch milliseconds, as the spec's `message_ts` and `last_updated_at`. */
  message_ts: epochMsSchema,
  last_updated_at: epochMsSchema,
  waveform_percentages: z.array(z.string()).nullable().optional(),
  waveform_url: nullableString,
  message_url: nullableString,
  audio_models: z.array(audioModelSchema).optional(),
  /** ASSUMPTION: the message's position in its channel, which the sequence repair fixes. */
  sequence_number: z.number().nullable().optional(),
  attachments: z.array(z.unknown()).optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const notificationSchema = z.looseObject({
  id: z.string().min(1),
  _id: z.string(),
  user_id: z.string(),
  type: z.string(),
  workspace_id: z.string().nullable(),
  channel_id: z.string().nullable(),
  parent_message_id: z.string().nullable().optional(),
  message_id: z.string().nullable(),
  message: nullableString,
  from_user_id: z.string().nullable().optional(),
  created_at: z.string(),
  created_on: z.string().optional(),
  pushInfo: z.looseObject({}).nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const domainSchema = z.looseObject({
  id: z.string().min(1),
  /** ASSUMPTION: the hostname, lowercase (IDN in its ASCII form). */
  domain: z.string(),
  workspace_guid: z.string(),
  created_at: z.string(),
  updated_at: nullableString,
});
export type Domain = z.infer<typeof domainSchema>;

/** ASSUMPTION: the body of POST /admin/ra/domains and PUT /admin/ra/domains/{id}. */
export const domainWriteSchema = z.object({
  domain: z.string().min(1).max(253),
  workspace_guid: z.string().min(1).max(200),
});
export type DomainWrite = z.infer<typeof domainWriteSchema>;

export const agentSchema = z.looseObject({
  id: z.string().min(1),
  /** The root human owner. */
  creator_id: z.string(),
  name: z.string().nullable(),
  email: nullableString,
  workspace_guids: z.array(z.string()).optional(),
  created_at: z.string(),
  deleted_at: nullableString,
});
export type Agent = z.infer<typeof agentSchema>;

// ---------------------------------------------------------------------------------------------
// Admin request and response bodies the spec names without fields (each an ASSUMPTION)

export const mergeUsersSchema = z.object({
  /** The account that disappears: its workspaces, memberships, messages and agents move. */
  source_user_id: z.string().min(1).max(200),
  /** The account that remains. */
  target_user_id: z.string().min(1).max(200),
});
export type MergeUsersDto = z.infer<typeof mergeUsersSchema>;

export const mergeUsersResultSchema = z.looseObject({
  success: z.literal(true),
  source_user_id: z.string(),
  target_user_id: z.string(),
  moved: z.looseObject({
    workspaces: z.number(),
    memberships: z.number(),
    messages: z.number(),
    agents: z.number(),
  }),
});

export const setWorkspaceOwnerSchema = z.object({
  workspace_guid: z.string().min(1).max(200),
  user_guid: z.string().min(1).max(200),
});
export type SetWorkspaceOwnerDto = z.infer<typeof setWorkspaceOwnerSchema>;

export const setChannelVisibilitySchema = z.object({ visibility: z.enum(CHANNEL_VISIBILITIES) });
export type SetChannelVisibilityDto = z.infer<typeof setChannelVisibilitySchema>;

export const updateChannelMemberSchema = z
  .object({ role: z.enum(MEMBER_ROLES).optional(), status: z.enum(MEMBERSHIP_STATUSES).optional() })
  .refine((body) => body.role !== undefined || body.status !== undefined, 'role or status is required');
export type UpdateChannelMemberAdminDto = z.infer<typeof updateChannelMemberSchema>;

/** DailyMessageStatistics: one day, the count of messages per status (ASSUMPTION: by message_ts, UTC). */
export const dailyMessageStatisticsSchema = z.looseObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  total: z.number(),
  statuses: z.record(z.string(), z.number()),
});
export const dailyMessageStatisticsListSchema = z.array(dailyMessageStatisticsSchema);
export type DailyMessageStatistics = z.infer<typeof dailyMessageStatisticsSchema>;

export const paymentPlanSummarySchema = z.looseObject({
  user_id: z.string(),
  plan: z.string(),
  status: z.string(),
  seats: z.number().nullable().optional(),
  renews_at: nullableString,
});

/** PUT /admin/user/set_verified/{id}. ASSUMPTION: answers the user as it now is. */
/**
 * What the console reads from a 2xx operation whose success body the spec does not list: the
 * record when the answer carries it (`answer`, what the emulator sends), null otherwise.
 * ASSUMPTION: any other body still means done; the console reads the record back instead.
 */
function recordOrNull<A, T>(answer: z.ZodType<A>, record: (parsed: A) => T) {
  return z.unknown().transform((body): T | null => {
    const parsed = answer.safeParse(body);
    return parsed.success ? record(parsed.data) : null;
  });
}

/** PUT /admin/user/set_verified/{id}: the emulator's answer, and what the console reads of any answer. */
export const setUserVerifiedAnswerSchema = z.looseObject({ success: z.literal(true), user: userSchema });
export const setUserVerifiedResultSchema = recordOrNull(setUserVerifiedAnswerSchema, (answer) => answer.user);

/** PUT /admin/workspace/owner. ASSUMPTION: answers the workspace as it now is. */
export const setWorkspaceOwnerResultSchema = z.looseObject({ success: z.literal(true), workspace: workspaceSchema });

/**
 * ASSUMPTION: the orphan reports answer the records with `dangling_references`, the fields whose
 * referent is missing (channels: `workspace_guid` absent, unknown or soft-deleted, `owner_guid`
 * unknown; notifications: `user_id`, `workspace_id`, `channel_id`, `message_id` unknown).
 */
export const orphanedChannelSchema = channelSchema.extend({ dangling_references: z.array(z.string()).min(1) });
export const orphanedChannelListSchema = z.array(orphanedChannelSchema);
export const orphanedNotificationSchema = notificationSchema.extend({ dangling_references: z.array(z.string()).min(1) });
export const orphanedNotificationListSchema = z.array(orphanedNotificationSchema);

export const repairSequenceResultSchema = z.looseObject({
  channels_checked: z.number(),
  channels_repaired: z.number(),
  messages_renumbered: z.number(),
  changes: z.array(
    z.looseObject({ channel_guid: z.string(), gaps: z.number(), duplicates: z.number(), renumbered: z.number() }),
  ),
});

/** Answers of the message admin operations (reprocess, set status, createMP3, recreateWaveform). */
export const messageOperationAnswerSchema = z.looseObject({ success: z.literal(true), message: messageSchema });
export const messageOperationResultSchema = recordOrNull(messageOperationAnswerSchema, (answer) => answer.message);

// ---------------------------------------------------------------------------------------------
// /agents

export const createAgentSchema = z.object({ name: z.string().min(1).max(200), email: z.string().max(320).optional() });
export const listAgentsResponseSchema = z.looseObject({ agents: z.array(agentSchema), total: z.number().optional() });
/** ASSUMPTION: CreateAgentToken takes a lifetime in seconds (at most an hour, like assertions). */
export const createAgentTokenSchema = z.object({ expires_in: z.number().int().min(60).max(3600).optional() });
export const createdAgentTokenSchema = z.looseObject({ token: z.string(), expires_at: z.string(), expires_in: z.number() });
