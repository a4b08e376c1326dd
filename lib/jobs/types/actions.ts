/**
 * The bulk actions: the message operations (lib/upstream/message-operations.ts, where their
 * calls are written once) and marking users verified, under the names and labels the jobs use,
 * with the kind of item each acts on. How each kind is read and sent is in
 * lib/jobs/plan/item-kinds.ts (server only). Plain values, no zod: the browser's bulk toolbar
 * and dry-run dialog import them.
 */
import { MESSAGE_OPERATIONS } from '@/lib/upstream/message-operation-names';

/** The user actions a job can run. The service has no "unverify" endpoint (spec: set_verified only). */
export const USER_JOB_ACTIONS = ['user.set_verified'] as const;

export const JOB_ACTIONS = [...MESSAGE_OPERATIONS, ...USER_JOB_ACTIONS] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

export const JOB_ACTION_LABELS: Readonly<Record<JobAction, string>> = {
  'message.reprocess': 'Reprocess',
  'message.set_status': 'Set status',
  'message.create_mp3': 'Create MP3',
  'message.recreate_waveform': 'Recreate waveform',
  'user.set_verified': 'Mark verified',
};

export type JobParams = { status?: string };

/** What a job's items are. */
export type ItemKindName = 'message' | 'user';

export const ITEM_NOUNS: Readonly<Record<ItemKindName, { one: string; many: string }>> = {
  message: { one: 'message', many: 'messages' },
  user: { one: 'user', many: 'users' },
};

export function kindNameOf(action: JobAction): ItemKindName {
  return (USER_JOB_ACTIONS as readonly string[]).includes(action) ? 'user' : 'message';
}

/** The actions on items of one kind (the dry-run dialog offers these). */
export function jobActionsFor(kind: ItemKindName): readonly JobAction[] {
  return JOB_ACTIONS.filter((action) => kindNameOf(action) === kind);
}

/**
 * Entity lists whose rows a bulk job can be planned for from the list itself ("verify selected").
 * The messages list has none: messages are remediated from the stuck queue.
 */
export const BULK_JOB_LISTS: Readonly<Partial<Record<string, ItemKindName>>> = { users: 'user' };
