/**
 * Users and agents: their records, the admin bodies about them, and /agents.
 * Part of the contract with the voice service (see ./index.ts).
 */
import { z } from 'zod';
import { nullableString, recordOrNull } from './primitives';

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

export const paymentPlanSummarySchema = z.looseObject({
  user_id: z.string(),
  plan: z.string(),
  status: z.string(),
  seats: z.number().nullable().optional(),
  renews_at: nullableString,
});

/** PUT /admin/user/set_verified/{id}. ASSUMPTION: answers the user as it now is. */
/** PUT /admin/user/set_verified/{id}: the emulator's answer, and what the console reads of any answer. */
export const setUserVerifiedAnswerSchema = z.looseObject({ success: z.literal(true), user: userSchema });
export const setUserVerifiedResultSchema = recordOrNull(setUserVerifiedAnswerSchema, (answer) => answer.user);

// ---------------------------------------------------------------------------------------------
// /agents

export const createAgentSchema = z.object({ name: z.string().min(1).max(200), email: z.string().max(320).optional() });
export const listAgentsResponseSchema = z.looseObject({ agents: z.array(agentSchema), total: z.number().optional() });
/** ASSUMPTION: CreateAgentToken takes a lifetime in seconds (at most an hour, like assertions). */
export const createAgentTokenSchema = z.object({ expires_in: z.number().int().min(60).max(3600).optional() });
export const createdAgentTokenSchema = z.looseObject({
  token: z.string(),
  expires_at: z.string(),
  expires_in: z.number(),
});
