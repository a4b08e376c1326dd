/**
 * The value lists of the contract with the voice service (see ./index.ts): message statuses,
 * channel visibilities, membership roles and statuses. Plain values, no zod: client components
 * (status pickers, membership controls) import them, and the schema modules build their enums
 * from these same lists.
 */

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

/** Member roles and conversation visibility values seen in the service's public contracts. */
export const MEMBER_ROLES = ['admin', 'owner', 'creator', 'member', 'guest'] as const;
export const CHANNEL_VISIBILITIES = ['private', 'workspace', 'public'] as const;
/** ASSUMPTION: membership status values of UpdateChannelMemberAdminDto. */
export const MEMBERSHIP_STATUSES = ['active', 'inactive', 'removed'] as const;
