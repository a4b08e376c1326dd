/**
 * What a job's items are: messages (the four message operations) or user accounts (mark
 * verified). Everything that differs between them is written here once: which list the dry run
 * reads, the record's id and state, the sample row, the target state, and the one call per item.
 * The engine (plan, worker, store, runner) is the same for every kind.
 *
 * An item's state (`status_before` / `status_after`) is a string: a message's status, or a
 * user's `verified` / `unverified`. An item already at its target state is skipped without a call.
 */
import type { z } from 'zod';
import type { UpstreamClient, RateLimitInfo } from '@/lib/upstream/client';
import { setUserVerifiedRequest } from '@/lib/upstream/admin';
import { messageSchema, userSchema, type Message, type User } from '@/lib/upstream/contract';
import { sendMessageOperation } from '@/lib/upstream/message-operations';
import { type MessageOperation } from '@/lib/upstream/message-operation-names';
import { kindNameOf, type ItemKindName, type JobAction, type JobParams } from '../types/actions';
import type { PlanSampleItem } from '../types/job';

/** One item's call as the runner sees it: the answer's status, request id, rate limit and the record's state after. */
export interface ItemAnswer {
  status: number;
  requestId: string | null;
  rateLimit: RateLimitInfo;
  stateAfter: string | null;
}

export interface ItemKind<R extends { id: string }> {
  name: ItemKindName;
  /** The /admin/ra list the dry run reads (by filter, or by `filter: { id: [...] }`). */
  entity: string;
  schema: z.ZodType<R>;
  /** The id the operation takes (a message's guid; a user's id). */
  itemId(record: R): string;
  /** The state stored as status_before, compared with the target. */
  state(record: R): string;
  sample(record: R): PlanSampleItem;
  send(client: UpstreamClient, action: JobAction, itemId: string, target: string | null): Promise<ItemAnswer>;
}

export function messageGuidOf(message: Message): string {
  return message.message_guid || message.id;
}

const MESSAGE_KIND: ItemKind<Message> = {
  name: 'message',
  entity: 'messages',
  schema: messageSchema,
  itemId: messageGuidOf,
  state: (message) => message.status,
  sample: (message) => ({
    id: message.id,
    messageGuid: messageGuidOf(message),
    name: message.name ?? null,
    status: message.status,
    lastUpdatedAt: message.last_updated_at ?? null,
  }),
  async send(client, action, itemId, target) {
    const response = await sendMessageOperation(client, action as MessageOperation, itemId, target);
    return {
      status: response.status,
      requestId: response.requestId,
      rateLimit: response.rateLimit,
      stateAfter: response.data?.status ?? null,
    };
  },
};

/** A user's verification as an item state. */
export const verifiedState = (user: Pick<User, 'verified'>): 'verified' | 'unverified' =>
  user.verified ? 'verified' : 'unverified';

export function userDisplayName(user: User): string | null {
  const name = [user.first_name, user.last_name]
    .filter((part) => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .trim();
  return name === '' ? null : name;
}

const USER_KIND: ItemKind<User> = {
  name: 'user',
  entity: 'users',
  schema: userSchema,
  itemId: (user) => user.id,
  state: verifiedState,
  sample: (user) => ({
    kind: 'user',
    id: user.id,
    name: userDisplayName(user),
    email: user.email,
    status: verifiedState(user),
  }),
  async send(client, _action, itemId) {
    const response = await setUserVerifiedRequest(client, itemId);
    return {
      status: response.status,
      requestId: response.requestId,
      rateLimit: response.rateLimit,
      stateAfter: response.data ? verifiedState(response.data) : null,
    };
  },
};

const KINDS = { message: MESSAGE_KIND, user: USER_KIND } as const;

/** The kind of items an action acts on. */
export function itemKindOf(action: JobAction): ItemKind<Message> | ItemKind<User> {
  return KINDS[kindNameOf(action)];
}

/**
 * The state every item of a job is sent to, or null when the action has none (reprocess and the
 * other message operations): set_status's chosen status; set_verified's `verified`.
 */
export function targetStateOf(action: JobAction, params: JobParams): string | null {
  if (action === 'message.set_status') return params.status ?? null;
  if (action === 'user.set_verified') return 'verified';
  return null;
}
