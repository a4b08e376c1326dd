/**
 * Workspaces, channels, notifications and domains: their records and the admin bodies about them.
 * Part of the contract with the voice service (see ./index.ts).
 */
import { z } from 'zod';
import { CHANNEL_VISIBILITIES, MEMBER_ROLES, MEMBERSHIP_STATUSES } from './constants';
import { nullableString } from './primitives';
import { userSchema } from './people';

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
/**
 * The same answer read for the members' roles only: the other fields are dropped without being
 * checked (a page that wants one role per workspace parses ids and roles, not whole accounts).
 */
export const workspaceMemberRoleListSchema = z.array(
  z.object(workspaceUserSchema.pick({ id: true, role_cd: true }).shape),
);

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

// ---------------------------------------------------------------------------------------------
// Admin request and response bodies the spec names without fields (each an ASSUMPTION)

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

/** PUT /admin/workspace/owner. ASSUMPTION: answers the workspace as it now is. */
export const setWorkspaceOwnerResultSchema = z.looseObject({ success: z.literal(true), workspace: workspaceSchema });

/**
 * ASSUMPTION: the orphan reports answer the records with `dangling_references`, the fields whose
 * referent is missing (channels: `workspace_guid` absent, unknown or soft-deleted, `owner_guid`
 * unknown; notifications: `user_id`, `workspace_id`, `channel_id`, `message_id` unknown).
 */
export const orphanedChannelSchema = channelSchema.extend({ dangling_references: z.array(z.string()).min(1) });
export const orphanedChannelListSchema = z.array(orphanedChannelSchema);
export const orphanedNotificationSchema = notificationSchema.extend({
  dangling_references: z.array(z.string()).min(1),
});
export const orphanedNotificationListSchema = z.array(orphanedNotificationSchema);

export const repairSequenceResultSchema = z.looseObject({
  channels_checked: z.number(),
  channels_repaired: z.number(),
  messages_renumbered: z.number(),
  changes: z.array(
    z.looseObject({ channel_guid: z.string(), gaps: z.number(), duplicates: z.number(), renumbered: z.number() }),
  ),
});
