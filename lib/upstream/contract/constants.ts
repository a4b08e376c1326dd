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
export type ChannelVisibility = (typeof CHANNEL_VISIBILITIES)[number];

/** Who can see a channel at each visibility, in one line; the list above runs from the fewest readers to the most. */
export const CHANNEL_VISIBILITY_MEANING: Readonly<Record<ChannelVisibility, string>> = {
  private: 'Only its members can see it and its messages.',
  workspace: 'Everyone in its workspace can find it and read it.',
  public: 'Anyone with the link can read it, also outside the workspace.',
};

/**
 * Whether going from one visibility to another lets more people read the channel. An unknown
 * current value counts as private: asking once too often is safer than exposing without asking.
 */
export function widensVisibility(from: string | null, to: ChannelVisibility): boolean {
  const reach = (value: string | null) => CHANNEL_VISIBILITIES.indexOf(value as ChannelVisibility);
  return reach(to) > Math.max(reach(from), 0);
}
/** ASSUMPTION: membership status values of UpdateChannelMemberAdminDto. */
export const MEMBERSHIP_STATUSES = ['active', 'inactive', 'removed'] as const;

/** ASSUMPTION: what a channel role may do grows from guest to owner. */
const ROLE_REACH: readonly string[] = ['guest', 'member', 'creator', 'admin', 'owner'];

/**
 * Whether a member change lets the person do or read more: a role higher than the current one,
 * or an inactive or removed membership made active again. An unknown current value counts as the
 * least (asking once too often is safer than granting without asking).
 */
export function widensMembership(
  current: { role: string; status: string } | null,
  change: { role?: string; status?: string },
): boolean {
  const higherRole =
    change.role !== undefined && ROLE_REACH.indexOf(change.role) > Math.max(ROLE_REACH.indexOf(current?.role ?? ''), 0);
  const reactivated = change.status === 'active' && current?.status !== 'active';
  return higherRole || reactivated;
}
