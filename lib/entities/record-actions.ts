/** The guarded actions offered on one record's page, by entity; the registry names them for each entity. */
import {
  createMp3Action,
  recreateWaveformAction,
  reprocessMessageAction,
  setMessageStatusAction,
} from '@/lib/actions/messages';
import { setVerifiedAction } from '@/lib/actions/users';
import type { GuardedAction } from '@/lib/auth/roles';

/** The message workbench's actions. */
export const MESSAGE_ACTIONS = {
  reprocess: reprocessMessageAction,
  createMp3: createMp3Action,
  recreateWaveform: recreateWaveformAction,
  setStatus: setMessageStatusAction,
} as const satisfies Record<string, GuardedAction>;

/** The actions on a user account's page. */
export const USER_ACTIONS = { markVerified: setVerifiedAction } as const satisfies Record<string, GuardedAction>;
