/**
 * Channels (conversations) and their members, drawn from their workspace's members. Some are
 * orphaned on purpose: no workspace, a purged workspace, a soft-deleted workspace, or an owner
 * that no longer exists.
 */
import { DAY_MS, type SeedContext } from './context';
import { HOSTILE_IMAGE_URLS, HOSTILE_NAMES } from './hostile';
import { CHANNEL_TOPICS } from './names';
import { idFactory, randomFor, type Random } from './random';
import type { UserRow } from './users';
import type { GeneratedWorkspaces, WorkspaceRow } from './workspaces';

export interface ChannelRow {
  /** The channel guid. */
  id: string;
  workspace_guid: string | null;
  channel_name: string | null;
  channel_description: string | null;
  image_url: string | null;
  /** `directMessage` or `namedConversation`. */
  type: string;
  /** `private`, `workspace` or `public`. */
  visibility: string;
  owner_guid: string | null;
  created_ts: number;
  last_posted_ts: number | null;
}

export interface ChannelMemberRow {
  /** `<channel guid>/<user id>`. */
  id: string;
  channel_guid: string;
  user_id: string;
  /** One of the contract's MEMBER_ROLES. */
  role: string;
  /** One of the contract's MEMBERSHIP_STATUSES. */
  status: string;
  joined_ts: number | null;
}

export interface GeneratedChannels {
  channels: ChannelRow[];
  channelMembers: ChannelMemberRow[];
}

export const CHANNEL_ID_PREFIX = 'chn_';

export function channelMemberId(channelGuid: string, userId: string): string {
  return `${channelGuid}/${userId}`;
}

/** Channel positions that are always orphaned, so every preset has each kind. */
const ORPHAN_WITHOUT_WORKSPACE = 5;
const ORPHAN_IN_PURGED_WORKSPACE = 6;
const ORPHAN_IN_DELETED_WORKSPACE = 7;

export function generateChannels(
  context: SeedContext,
  users: readonly UserRow[],
  generated: GeneratedWorkspaces,
): GeneratedChannels {
  const random = randomFor(context.seed, 'channels');
  const newId = idFactory(random, CHANNEL_ID_PREFIX);
  const { reference } = context;
  const { workspaces, workspaceMembers, purgedWorkspaceIds } = generated;
  const membersOf = new Map<string, string[]>();
  for (const member of workspaceMembers) {
    const list = membersOf.get(member.workspace_guid) ?? [];
    list.push(member.user_id);
    membersOf.set(member.workspace_guid, list);
  }
  const teamWorkspaces = workspaces.filter((workspace) => workspace.type_cd !== 'agent');
  const agentWorkspaces = workspaces.filter((workspace) => workspace.type_cd === 'agent');
  const deletedWorkspaces = workspaces.filter((workspace) => workspace.deleted_at !== null);
  const humans = users.filter((user) => user.account_type === 'human' && user.merged_into === null);

  const channels: ChannelRow[] = [];
  const channelMembers: ChannelMemberRow[] = [];
  for (let index = 0; index < context.preset.channelCount; index++) {
    let workspace: WorkspaceRow | undefined =
      agentWorkspaces.length > 0 && random.chance(0.02) ? random.pick(agentWorkspaces) : random.pick(teamWorkspaces);
    if (index === ORPHAN_IN_DELETED_WORKSPACE && deletedWorkspaces.length > 0)
      workspace = random.pick(deletedWorkspaces);
    let workspaceGuid: string | null = workspace.id;
    if (index === ORPHAN_WITHOUT_WORKSPACE || random.chance(0.004)) {
      workspace = undefined;
      workspaceGuid = null;
    } else if (index === ORPHAN_IN_PURGED_WORKSPACE || random.chance(0.004)) {
      workspace = undefined;
      workspaceGuid = random.pick(purgedWorkspaceIds);
    }
    const pool = workspace ? (membersOf.get(workspace.id) ?? []) : humans.map((user) => user.id);
    const direct = pool.length >= 2 && random.chance(0.3);
    const memberIds = random.sample(pool, direct ? 2 : random.int(Math.min(2, pool.length), Math.min(25, pool.length)));
    const created = random.int(workspace?.created_ts ?? reference - 200 * DAY_MS, reference - DAY_MS);
    const ownerId = memberIds[0] ?? null;
    const topic = random.pick(CHANNEL_TOPICS);
    const channel: ChannelRow = {
      id: newId(),
      workspace_guid: workspaceGuid,
      channel_name: direct ? null : channelName(index, topic, random),
      channel_description: !direct && random.chance(0.5) ? `Conversation about ${topic.replaceAll('-', ' ')}.` : null,
      image_url: channelImage(index, random),
      type: direct ? 'directMessage' : 'namedConversation',
      visibility: direct ? 'private' : random.chance(0.35) ? 'private' : random.chance(0.77) ? 'workspace' : 'public',
      // A few owners were purged from the service.
      owner_guid: random.chance(0.005) ? `usr_${random.hex(20)}` : ownerId,
      created_ts: created,
      last_posted_ts: null,
    };
    channels.push(channel);
    memberIds.forEach((userId, position) => {
      channelMembers.push({
        id: channelMemberId(channel.id, userId),
        channel_guid: channel.id,
        user_id: userId,
        role: position === 0 ? 'owner' : memberRole(random),
        status: random.chance(0.9) ? 'active' : random.chance(0.7) ? 'inactive' : 'removed',
        joined_ts: random.chance(0.02) ? null : random.int(created, reference),
      });
    });
  }
  return { channels, channelMembers };
}

function channelName(index: number, topic: string, random: Random): string | null {
  if (index === 1 || random.chance(0.03)) return random.pick(HOSTILE_NAMES);
  if (index === 3 || random.chance(0.01)) return null;
  return random.chance(0.5) ? topic : `${topic}-${random.int(2, 99)}`;
}

function channelImage(index: number, random: Random): string | null {
  if (index === 2 || random.chance(0.03)) return random.pick(HOSTILE_IMAGE_URLS);
  return random.chance(0.3) ? `https://images.example.com/channels/${index}.png` : null;
}

function memberRole(random: Random): string {
  const draw = random.next();
  if (draw < 0.1) return 'admin';
  if (draw < 0.13) return 'creator';
  if (draw < 0.21) return 'guest';
  return 'member';
}
