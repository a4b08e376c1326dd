/** What a dry run is asked for, validated at the edge: who acts, what it does, and what is selected. */
import { z } from 'zod';
import { OPERATOR_ROLES } from '@/lib/audit/log';
import type { Operator } from '@/lib/auth/roles';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { MESSAGE_OPERATIONS } from '@/lib/upstream/message-operation-names';
import { messageStatusSchema } from '@/lib/upstream/message-operations';
import type { JobAction } from '../types/actions';
import { jobOriginSchema } from './origin';

/** The operator a job acts for: recorded on the job and on every audit row it writes. */
export const jobActorSchema = z.object({
  id: z.string().min(1).max(200),
  email: z.string().min(1).max(320),
  role: z.enum(OPERATOR_ROLES),
});
export type JobActor = z.infer<typeof jobActorSchema>;

export function actorFromOperator(operator: Operator): JobActor {
  return { id: operator.id, email: operator.email, role: operator.hasAdminScope ? operator.role : 'none' };
}

/** Largest explicit id selection (larger sets are selected by filter). */
export const MAX_SELECTED_IDS = 100_000;

const filterValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number()])),
]);

/**
 * What a job acts on: rows the operator selected, or every record matching a list filter (the
 * same `filter` object the list sends to /admin/ra/<entity>: for messages `status` (one or a
 * list), `workspace_guid`, `channel_guids`, `creator_guid`, `updated_before`, `q`, ...; for users
 * `verified`, `account_type`, `q`). No cap. `what` names the ids in error messages.
 */
export function selectionSchema(what: string) {
  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('ids'), ids: z.array(serviceIdSchema(what)).min(1).max(MAX_SELECTED_IDS) }),
    z.object({ kind: z.literal('filter'), filter: z.record(z.string().min(1).max(100), filterValueSchema) }),
  ]);
}

export const jobSelectionSchema = selectionSchema('message id');
export type JobSelection = z.infer<typeof jobSelectionSchema>;

type OtherMessageOperation = Exclude<(typeof MESSAGE_OPERATIONS)[number], 'message.set_status'>;
const otherActions = MESSAGE_OPERATIONS.filter(
  (action): action is OtherMessageOperation => action !== 'message.set_status',
);

/**
 * A dry run's input, the one schema for it: the guard validates with it (lib/actions/jobs.ts)
 * and planJob parses with it again, for callers that come without the guard. Set status needs
 * its target status; the other actions take no parameter. Mark verified selects user ids.
 * `origin` is the view the dry run was started from (origin.ts), kept only when same-site.
 */
export const planJobInputSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('message.set_status'),
    params: z.object({ status: messageStatusSchema }).strict(),
    selection: jobSelectionSchema,
    origin: jobOriginSchema,
  }),
  z.object({
    action: z.enum(otherActions as [OtherMessageOperation, ...OtherMessageOperation[]]),
    params: z.object({}).strict().default({}),
    selection: jobSelectionSchema,
    origin: jobOriginSchema,
  }),
  z.object({
    action: z.literal('user.set_verified'),
    params: z.object({}).strict().default({}),
    selection: selectionSchema('user id'),
    origin: jobOriginSchema,
  }),
]);

/** What planJob takes from callers without the guard; parsed with planJobInputSchema. */
export interface PlanJobInput {
  action: JobAction;
  params?: unknown;
  selection: JobSelection;
  /** The path of the view it was started from; dropped unless same-site. */
  origin?: string | null;
}
