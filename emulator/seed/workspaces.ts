/**
 * Workspaces and their members. Most belong to people; some agents own one (deleted with the
 * agent). A few are soft-deleted, and a few ids are "purged": referenced elsewhere but absent,
 * which is what the orphan reports find. The demo accounts are members of the first ones.
 */
import { DAY_MS, type SeedContext } from './context';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { HOSTILE_IMAGE_URLS, HOSTILE_NAMES } from './hostile';
import { ORGANISATIONS, PLAN_TYPES, TEAMS } from './names';
import { idFactory, randomFor } from './random';
import type { UserRow } from './users';

export interface WorkspaceRow {
  /** The workspace guid. */
  id: string;
  workspace_name: string | null;
  vanity_name: string | null;
  workspace_description: string | null;
  image_url: string | null;
  owner_guid: string | null;
  /** `team`, `enterprise`, `personal` or `agent`. */
  type_cd: string | null;
  plan_type: string | null;
  created_by: string | null;
  created_ts: number;
  last_updated_ts: number | null;
  deleted_at: number | null;
}

export interface WorkspaceMemberRow {
  /** `<workspace guid>/<user id>`. */
  id: string;
  workspace_guid: string;
  user_id: string;
  /** `owner`, `admin`, `member` or `guest`. */
  role_cd: string;
  joined_ts: number;
}

export interface GeneratedWorkspaces {
  workspaces: WorkspaceRow[];
  workspaceMembers: WorkspaceMemberRow[];
  /** Ids of workspaces that no longer exist but are still referenced. */
  purgedWorkspaceIds: string[];
}

export const WORKSPACE_ID_PREFIX = 'wsp_';

export function workspaceMemberId(workspaceGuid: string, userId: string): string {
  return `${workspaceGuid}/${userId}`;
}

export function generateWorkspaces(context: SeedContext, users: readonly UserRow[]): GeneratedWorkspaces {
  const random = randomFor(context.seed, 'workspaces');
  const newId = idFactory(random, WORKSPACE_ID_PREFIX);
  const { reference } = context;
  const humans = users.filter((user) => user.account_type === 'human' && user.merged_into === null);
  const agents = users.filter((user) => user.account_type === 'agent');
  const byId = new Map(users.map((user) => [user.id, user]));

  const workspaces: WorkspaceRow[] = [];
  const workspaceMembers: WorkspaceMemberRow[] = [];
  const usedVanityNames = new Set<string>();
  const join = (workspace: WorkspaceRow, userId: string, role: string): void => {
    const joined = Math.max(workspace.created_ts, byId.get(userId)?.created_at ?? workspace.created_ts);
    workspaceMembers.push({
      id: workspaceMemberId(workspace.id, userId),
      workspace_guid: workspace.id,
      user_id: userId,
      role_cd: role,
      joined_ts: Math.min(reference, joined + random.int(0, 3 * DAY_MS)),
    });
  };

  const agentWorkspaceCount = Math.min(Math.floor(agents.length * 0.3), Math.floor(context.preset.workspaceCount / 4));
  const teamWorkspaceCount = context.preset.workspaceCount - agentWorkspaceCount;
  const demo: string[] = [
    DEMO_ACCOUNTS.ops.id,
    DEMO_ACCOUNTS.support.id,
    DEMO_ACCOUNTS.viewer.id,
    DEMO_ACCOUNTS.member.id,
  ];
  // Which demo accounts belong to each of the first workspaces; ops owns the first.
  const demoMembership: readonly (readonly string[])[] = [
    demo,
    demo.slice(0, 2),
    [demo[0] as string],
    [demo[3] as string],
  ];

  for (let index = 0; index < teamWorkspaceCount; index++) {
    const demoMembers = demoMembership[index] ?? [];
    const owner = index === 0 ? (byId.get(DEMO_ACCOUNTS.ops.id) as UserRow) : random.pick(humans);
    const organisation = random.pick(ORGANISATIONS);
    const team = random.pick(TEAMS);
    let name: string | null = `${organisation} ${team}`;
    if (index === 1 || (index > 3 && random.chance(0.08))) name = HOSTILE_NAMES[index % HOSTILE_NAMES.length] as string;
    if (index === 3 || (index > 3 && random.chance(0.02))) name = null;
    const created = random.int(owner.created_at, reference - DAY_MS);
    const workspace: WorkspaceRow = {
      id: newId(),
      workspace_name: name,
      vanity_name: random.chance(0.9) ? uniqueSlug(`${organisation}-${team}`, usedVanityNames) : null,
      workspace_description: random.chance(0.6) ? `Where ${organisation} ${team.toLowerCase()} talk.` : null,
      image_url: imageUrl(index, random.next(), random.chance(0.05)),
      owner_guid: owner.id,
      type_cd: random.chance(0.2) ? 'enterprise' : random.chance(0.1) ? 'personal' : 'team',
      plan_type: random.chance(0.05) ? null : random.pick(PLAN_TYPES),
      created_by: owner.id,
      created_ts: created,
      last_updated_ts: random.chance(0.1) ? null : random.int(created, reference),
      deleted_at: index > 3 && random.chance(0.04) ? random.int(created, reference) : null,
    };
    workspaces.push(workspace);
    join(workspace, owner.id, 'owner');
    const members = new Set<string>([owner.id]);
    for (const userId of demoMembers) {
      if (members.has(userId)) continue;
      members.add(userId);
      join(workspace, userId, userId === DEMO_ACCOUNTS.support.id ? 'admin' : 'member');
    }
    const size = random.int(3, Math.min(40, humans.length));
    for (const member of random.sample(humans, size)) {
      if (members.has(member.id) || demo.includes(member.id)) continue;
      members.add(member.id);
      join(workspace, member.id, random.chance(0.1) ? 'admin' : random.chance(0.1) ? 'guest' : 'member');
    }
  }
  // At least one soft-deleted workspace in every preset, for the orphan reports.
  const deletable = workspaces.slice(4);
  if (deletable.length > 0 && !deletable.some((workspace) => workspace.deleted_at !== null)) {
    const victim = deletable[deletable.length - 1] as WorkspaceRow;
    victim.deleted_at = reference - random.int(1, 30) * DAY_MS;
  }

  for (const agent of random.sample(agents, agentWorkspaceCount)) {
    const created = random.int(agent.created_at, reference);
    const workspace: WorkspaceRow = {
      id: newId(),
      workspace_name: `${agent.first_name ?? 'Agent'} workspace`,
      vanity_name: null,
      workspace_description: null,
      image_url: null,
      owner_guid: agent.id,
      type_cd: 'agent',
      plan_type: null,
      created_by: agent.creator_id,
      created_ts: created,
      last_updated_ts: created,
      deleted_at: null,
    };
    workspaces.push(workspace);
    join(workspace, agent.id, 'owner');
    if (agent.creator_id) join(workspace, agent.creator_id, 'admin');
  }

  return { workspaces, workspaceMembers, purgedWorkspaceIds: [newId(), newId()] };
}

/** Every few workspaces carry a script or data URL as their image. */
/** Moves each workspace's creation before its oldest channel's. */
export function backdateWorkspaces(
  workspaces: readonly WorkspaceRow[],
  channels: readonly { workspace_guid: string | null; created_ts: number }[],
): void {
  const oldest = new Map<string, number>();
  for (const channel of channels) {
    if (channel.workspace_guid === null) continue;
    oldest.set(channel.workspace_guid, Math.min(oldest.get(channel.workspace_guid) ?? Infinity, channel.created_ts));
  }
  for (const workspace of workspaces) {
    const channelCreated = oldest.get(workspace.id);
    if (channelCreated !== undefined && channelCreated < workspace.created_ts)
      workspace.created_ts = channelCreated - DAY_MS;
  }
}

function imageUrl(index: number, draw: number, hostile: boolean): string | null {
  if (index === 2 || hostile) return HOSTILE_IMAGE_URLS[index % HOSTILE_IMAGE_URLS.length] as string;
  if (draw < 0.3) return null;
  return `https://images.example.com/workspaces/${index}.png`;
}

function uniqueSlug(name: string, used: Set<string>): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}
