/**
 * The accounts-and-structure side of the contract: what the console assumes beyond the spec
 * about users, workspaces and channels (each an ASSUMPTION, covered by tests/accounts). The
 * shared record schemas stay in the main contract module; this file adds what only the
 * accounts pages use.
 */
import { z } from 'zod';
import { mergeUsersResultSchema, repairSequenceResultSchema } from '@/lib/upstream/contract';

/**
 * ASSUMPTION: `/admin/ra/workspaces` and `/admin/ra/channels` take a `member_id` filter (the
 * records a user is a member of, through the memberships). The spec has no per-user read of
 * memberships except `/admin/workspaces`, which is the caller's own; react-admin's reference
 * lists filter on a field the same way.
 */
export const MEMBER_FILTER = 'member_id';

/**
 * ASSUMPTION: the merge answer's `moved.channels` (owned channels moved) may be absent; the
 * console reads it when present and otherwise relies on its own read-back.
 */
export const mergeAnswerSchema = mergeUsersResultSchema.extend({
  moved: mergeUsersResultSchema.shape.moved.extend({ channels: z.number().optional() }),
});

export type RepairSequenceReport = z.infer<typeof repairSequenceResultSchema>;

/** Most ids one `/admin/users/info` call names (the service's by-id reads take 500). */
export const MAX_USERS_PER_INFO = 500;
