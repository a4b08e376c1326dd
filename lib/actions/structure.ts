/**
 * Actions on workspaces and channels (ops): set a workspace's owner, a channel's visibility, a
 * member's role or membership status, and the service-wide sequence-number repair. Each reads
 * back or returns what the service answered, so the page shows the state as it now is.
 */
import { z } from 'zod';
import {
  repairChannelSequenceNumbers,
  setChannelVisibility,
  setWorkspaceOwner,
  updateChannelMember,
  workspaceMembers,
} from '@/lib/upstream/accounts';
import {
  channelSchema,
  CHANNEL_VISIBILITIES,
  CHANNEL_VISIBILITY_MEANING,
  MEMBER_ROLES,
  MEMBERSHIP_STATUSES,
  serviceIdSchema,
  widensMembership,
  widensVisibility,
  workspaceSchema,
} from '@/lib/upstream/contract';
import type { RepairSequenceReport } from '@/lib/upstream/contract/accounts';
import { getRecord } from '@/lib/upstream/ra';
import { ActionRejectedError, defineAction } from './guard/define';

export const setWorkspaceOwnerAction = defineAction({
  name: 'workspace.set_owner',
  requiredRole: 'ops',
  input: z.object({ workspaceGuid: serviceIdSchema('workspace id'), userId: serviceIdSchema('user id') }),
  target: (input) => ({ type: 'workspace', ids: [input.workspaceGuid, input.userId] }),
  async run({ upstream }, input) {
    // The new owner must be a member: checked against the service's member list, not the form.
    const members = await workspaceMembers(upstream, input.workspaceGuid);
    const member = members.find((candidate) => candidate.id === input.userId);
    if (!member)
      throw new ActionRejectedError(
        `${input.userId} is not a member of this workspace; only a member can become its owner.`,
      );
    if (member.role_cd === 'owner')
      throw new ActionRejectedError(`${member.email || member.id} already owns this workspace; nothing to change.`);
    await setWorkspaceOwner(upstream, { workspace_guid: input.workspaceGuid, user_guid: input.userId });
    const workspace = await getRecord(upstream, 'workspaces', input.workspaceGuid, workspaceSchema);
    return { workspaceGuid: workspace.id, ownerGuid: workspace.owner_guid };
  },
});

export const setChannelVisibilityAction = defineAction({
  name: 'channel.set_visibility',
  requiredRole: 'ops',
  input: z.object({
    channelId: serviceIdSchema('channel id'),
    visibility: z.enum(CHANNEL_VISIBILITIES),
    /** The operator confirmed a change that lets more people read the channel. */
    confirmWidening: z.boolean().default(false),
  }),
  target: (input) => ({ type: 'channel', ids: [input.channelId] }),
  async run({ upstream }, input) {
    // Widening is judged against the service's current value, not the form's: the form may be stale.
    const before = await getRecord(upstream, 'channels', input.channelId, channelSchema);
    const previous = before.visibility ?? null;
    if (widensVisibility(previous, input.visibility) && !input.confirmWidening) {
      throw new ActionRejectedError(
        `This widens access: the channel goes from ${previous ?? 'an unknown visibility'} to ${input.visibility}. ` +
          `${CHANNEL_VISIBILITY_MEANING[input.visibility]} Tick the confirmation to go ahead; nothing was changed.`,
        'confirm_widening',
      );
    }
    const channel = await setChannelVisibility(upstream, input.channelId, { visibility: input.visibility });
    return { channelId: channel.id, visibility: channel.visibility ?? null, previous };
  },
});

export const updateChannelMemberAction = defineAction({
  name: 'channel.update_member',
  requiredRole: 'ops',
  input: z
    .object({
      channelId: serviceIdSchema('channel id'),
      userId: serviceIdSchema('user id'),
      role: z.enum(MEMBER_ROLES).optional(),
      status: z.enum(MEMBERSHIP_STATUSES).optional(),
      /** The operator confirmed a change that lets the member do or read more. */
      confirmWidening: z.boolean().default(false),
    })
    .refine((input) => input.role !== undefined || input.status !== undefined, {
      message: 'a role or a membership status is required',
      path: ['role'],
    }),
  target: (input) => ({ type: 'channel', ids: [input.channelId, input.userId] }),
  async run({ upstream }, input) {
    // Widening is judged against the service's current member, not the form's.
    const before = await getRecord(upstream, 'channels', input.channelId, channelSchema);
    const current = before.json_collaborators?.find((candidate) => candidate.user_id === input.userId) ?? null;
    const change = { ...(input.role ? { role: input.role } : {}), ...(input.status ? { status: input.status } : {}) };
    if (widensMembership(current, change) && !input.confirmWidening) {
      throw new ActionRejectedError(
        `This widens the member's access (${current ? `${current.role}, ${current.status}` : 'not a member'} → ` +
          `${change.role ?? current?.role ?? '?'}, ${change.status ?? current?.status ?? '?'}). ` +
          'Tick the confirmation to go ahead; nothing was changed.',
        'confirm_widening',
      );
    }
    const channel = await updateChannelMember(upstream, input.channelId, input.userId, change);
    const member = channel.json_collaborators?.find((candidate) => candidate.user_id === input.userId);
    return {
      channelId: channel.id,
      userId: input.userId,
      role: member?.role ?? null,
      status: member?.status ?? null,
      previous: current ? { role: current.role, status: current.status } : null,
    };
  },
});

export const repairSequenceAction = defineAction({
  name: 'channel.repair_sequence_numbers',
  requiredRole: 'ops',
  // The operator confirmed in the page; a call without it is refused as invalid.
  input: z.object({ confirm: z.literal(true, { error: 'the repair must be confirmed' }) }),
  target: () => ({ type: 'channel', ids: ['*'] }),
  run: ({ upstream }) => repairChannelSequenceNumbers(upstream),
  // The audit entry keeps the service's report in words, with the channels it changed most (bounded).
  summary: describeRepair,
});

const REPORTED_CHANNELS = 20;

/** The repair's report in a line: "Checked 1,897 channels, repaired 62, renumbered 340 messages (chn_a: 12, ...)". */
export function describeRepair(report: RepairSequenceReport): string {
  const count = (value: number) => value.toLocaleString('en-US');
  const changed = [...report.changes].sort((a, b) => b.renumbered - a.renumbered);
  const listed = changed
    .slice(0, REPORTED_CHANNELS)
    .map((change) => `${change.channel_guid}: ${count(change.renumbered)}`)
    .join(', ');
  const more = changed.length > REPORTED_CHANNELS ? ` and ${count(changed.length - REPORTED_CHANNELS)} more` : '';
  return (
    `Checked ${count(report.channels_checked)} channels, repaired ${count(report.channels_repaired)}, ` +
    `renumbered ${count(report.messages_renumbered)} messages` +
    (listed ? ` (messages renumbered per channel: ${listed}${more}).` : '; nothing needed renumbering.')
  );
}
