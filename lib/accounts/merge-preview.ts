/**
 * The merge preview: what merging one account into another will do, computed from the service's
 * answers about both (never from what a form sent), and the refusals that stop a merge before
 * any call to the merge endpoint. Pure: lib/accounts/data.ts reads, this decides.
 */
import type { User } from '@/lib/upstream/contract';

/** What an account holds that a merge moves, as the service answered it. */
export interface AccountFootprint {
  /** Workspaces the account is a member of (ids, as listed) and how many the service counted. */
  workspaceIds: string[];
  workspaces: number;
  workspacesOwned: number;
  channelIds: string[];
  channels: number;
  channelsOwned: number;
  messages: number;
  agents: number;
}

export interface PaymentPlanSummary {
  plan: string;
  status: string;
}

export interface MergeSide {
  user: User;
  plan: PaymentPlanSummary | null;
  footprint: AccountFootprint;
}

export type MergeRefusalCode = 'same' | 'unknown' | 'deleted' | 'merged' | 'agent';
export interface MergeRefusal {
  code: MergeRefusalCode;
  message: string;
}

export interface MergePreview {
  source: MergeSide;
  target: MergeSide;
  /** "X will be merged into Y; X stops existing". */
  direction: string;
  /** What the kept account should hold afterwards. */
  expected: AccountFootprint;
  /** What the operator types to confirm: the folded account's e-mail. */
  confirmation: string;
}

export type MergePreviewResult = { ok: true; preview: MergePreview } | { ok: false; refusal: MergeRefusal };

/** A user's name for sentences: the full name, else the e-mail, else the id. */
export function accountName(user: Pick<User, 'id' | 'email' | 'first_name' | 'last_name'>): string {
  const name = [user.first_name, user.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  if (name && user.email) return `${name} (${user.email})`;
  return name || user.email || user.id;
}

/** The refusal that needs only the two ids: checked before anything is read. */
export function refuseMergeIds(sourceId: string, targetId: string): MergeRefusal | null {
  if (sourceId.trim() === targetId.trim()) {
    return { code: 'same', message: 'An account cannot be merged into itself: pick two different accounts.' };
  }
  return null;
}

function refuseSide(role: 'folded' | 'kept', id: string, user: User | undefined): MergeRefusal | null {
  const label = role === 'folded' ? 'The account to fold' : 'The account to keep';
  if (!user) return { code: 'unknown', message: `${label} (${id}) does not exist at the service.` };
  if (user.merged_into) {
    return {
      code: 'merged',
      message: `${label}, ${accountName(user)}, was already merged into ${user.merged_into}${role === 'kept' ? '; merge into that account instead' : ''}.`,
    };
  }
  if (user.deleted_at) return { code: 'deleted', message: `${label}, ${accountName(user)}, is deleted.` };
  if (user.account_type && user.account_type !== 'human') {
    return {
      code: 'agent',
      message: `${label}, ${accountName(user)}, is an agent; only people's accounts can be merged.`,
    };
  }
  return null;
}

/** Refuses what the service would refuse (or should): same, unknown, merged, deleted, agent. */
export function refuseMerge(
  sourceId: string,
  targetId: string,
  source: User | undefined,
  target: User | undefined,
): MergeRefusal | null {
  return (
    refuseMergeIds(sourceId, targetId) ?? refuseSide('folded', sourceId, source) ?? refuseSide('kept', targetId, target)
  );
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/**
 * What the kept account holds once the folded one is merged in: owned records and messages add
 * up; memberships are the union (where both were members, one membership remains).
 */
export function expectedAfterMerge(source: AccountFootprint, target: AccountFootprint): AccountFootprint {
  const workspaceIds = union(target.workspaceIds, source.workspaceIds);
  const channelIds = union(target.channelIds, source.channelIds);
  // Lists are read a page at a time: where one was cut short, the counts beyond it add up.
  const beyond = (count: number, listed: number) => Math.max(0, count - listed);
  return {
    workspaceIds,
    workspaces:
      workspaceIds.length +
      beyond(source.workspaces, source.workspaceIds.length) +
      beyond(target.workspaces, target.workspaceIds.length),
    workspacesOwned: source.workspacesOwned + target.workspacesOwned,
    channelIds,
    channels:
      channelIds.length +
      beyond(source.channels, source.channelIds.length) +
      beyond(target.channels, target.channelIds.length),
    channelsOwned: source.channelsOwned + target.channelsOwned,
    messages: source.messages + target.messages,
    agents: source.agents + target.agents,
  };
}

export function mergePreview(
  sourceId: string,
  targetId: string,
  source: MergeSide | undefined,
  target: MergeSide | undefined,
): MergePreviewResult {
  const refusal = refuseMerge(sourceId, targetId, source?.user, target?.user);
  if (refusal || !source || !target)
    return { ok: false, refusal: refusal ?? { code: 'unknown', message: 'An account could not be read.' } };
  return {
    ok: true,
    preview: {
      source,
      target,
      direction: `${accountName(source.user)} will be merged into ${accountName(target.user)}; ${accountName(source.user)} stops existing.`,
      expected: expectedAfterMerge(source.footprint, target.footprint),
      confirmation: source.user.email.trim() || source.user.id,
    },
  };
}

/** The typed confirmation matches the folded account's e-mail (case and surrounding spaces aside). */
export function confirmationMatches(typed: string, preview: MergePreview): boolean {
  const wanted = preview.confirmation.trim().toLowerCase();
  return wanted !== '' && typed.trim().toLowerCase() === wanted;
}
