/**
 * Rows -> the records the service answers (the contract's shapes): ids as `id` plus the spec's
 * own names, epoch milliseconds as ISO 8601 where the contract has date-time strings, and the
 * fields derived from other state (members, audio models, waveform).
 */
import type { Agent, Channel, Domain, Message, Notification, User, Workspace } from '../../lib/upstream/contract';
import type { ChannelRow } from '../seed/channels';
import type { DomainRow } from '../seed/domains';
import type { MessageRow } from '../seed/messages';
import type { NotificationRow } from '../seed/notifications';
import type { UserRow } from '../seed/users';
import type { WorkspaceRow } from '../seed/workspaces';
import type { World } from './world';

function isoOrNull(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(epochMs).toISOString();
}

export function userRecord(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    image_url: row.image_url,
    phone: row.phone,
    verified: row.verified,
    account_type: row.account_type,
    idp_provider: row.idp_provider,
    merged_into: row.merged_into,
    creator_id: row.creator_id,
    created_at: new Date(row.created_at).toISOString(),
    last_active_at: isoOrNull(row.last_active_at),
    deleted_at: isoOrNull(row.deleted_at),
  };
}

export function workspaceRecord(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    workspace_guid: row.id,
    workspace_name: row.workspace_name,
    vanity_name: row.vanity_name,
    workspace_description: row.workspace_description,
    image_url: row.image_url,
    owner_guid: row.owner_guid,
    type_cd: row.type_cd,
    plan_type: row.plan_type,
    created_by: row.created_by,
    created_ts: row.created_ts,
    last_updated_ts: row.last_updated_ts,
    deleted_at: isoOrNull(row.deleted_at),
  };
}

export function channelRecord(world: World, row: ChannelRow): Channel {
  return {
    id: row.id,
    channel_guid: row.id,
    workspace_guid: row.workspace_guid,
    channel_name: row.channel_name,
    channel_description: row.channel_description,
    image_url: row.image_url,
    type: row.type,
    visibility: row.visibility,
    is_private: row.visibility === 'private' ? 'true' : 'false',
    owner_guid: row.owner_guid,
    created_ts: row.created_ts,
    last_posted_ts: row.last_posted_ts,
    json_collaborators: [...world.channelMembers.where('channel_guid', row.id)]
      .sort((a, b) => (a.joined_ts ?? Infinity) - (b.joined_ts ?? Infinity) || (a.user_id < b.user_id ? -1 : 1))
      .map((member) => ({
        user_id: member.user_id,
        role: member.role,
        status: member.status,
        joined_ts: member.joined_ts,
      })),
  };
}

const WAVEFORM_POINTS = 48;

/**
 * The waveform is a function of the message and how many times it was made, so regenerating it
 * changes it while the stored state stays one small number.
 */
export function waveformPercentages(messageId: string, version: number): string[] {
  let state = version >>> 0;
  for (const char of messageId) state = Math.imul(state ^ char.charCodeAt(0), 0x01000193) >>> 0;
  const points: string[] = [];
  for (let i = 0; i < WAVEFORM_POINTS; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    points.push(String(state % 101));
  }
  return points;
}

export function messageRecord(row: MessageRow): Message {
  const audioModels = [];
  if (row.has_hls_audio) {
    audioModels.push({ _id: `${row.id}-hls`, type: 'hls', url: `https://media.example.com/hls/${row.id}/index.m3u8` });
  }
  if (row.mp3_version !== null) {
    audioModels.push({
      _id: `${row.id}-mp3-v${row.mp3_version}`,
      type: 'mp3',
      url: `https://media.example.com/mp3/${row.id}/v${row.mp3_version}.mp3`,
    });
  }
  return {
    id: row.id,
    message_guid: row.id,
    creator_guid: row.creator_guid,
    workspace_guid: row.workspace_guid,
    channel_guids: [...row.channel_guids],
    status: row.status,
    status_reason: row.status_reason,
    name: row.name,
    is_text_message: row.is_text_message,
    duration_ms: row.duration_ms,
    transcript_txt: row.transcript_txt,
    message_ts: row.message_ts,
    last_updated_at: row.last_updated_at,
    waveform_percentages: row.waveform_version === null ? null : waveformPercentages(row.id, row.waveform_version),
    waveform_url: row.waveform_url,
    message_url: row.message_url,
    audio_models: audioModels,
    sequence_number: row.sequence_number,
  };
}

export function notificationRecord(row: NotificationRow): Notification {
  return {
    id: row.id,
    _id: row.id,
    user_id: row.user_id,
    type: row.type,
    workspace_id: row.workspace_id,
    channel_id: row.channel_id,
    parent_message_id: row.parent_message_id,
    message_id: row.message_id,
    message: row.message,
    from_user_id: row.from_user_id,
    created_at: new Date(row.created_at).toISOString(),
    created_on: new Date(row.created_on).toISOString(),
    pushInfo: row.push_info,
  };
}

export function domainRecord(row: DomainRow): Domain {
  return {
    id: row.id,
    domain: row.domain,
    workspace_guid: row.workspace_guid,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: isoOrNull(row.updated_at),
  };
}

/** Agents are users with `account_type` agent; their workspaces are the ones they own. */
export function agentRecord(world: World, row: UserRow): Agent {
  return {
    id: row.id,
    creator_id: row.creator_id ?? '',
    name: row.first_name,
    email: row.email,
    workspace_guids: [...world.workspaces.where('owner_guid', row.id)].map((workspace) => workspace.id).sort(),
    created_at: new Date(row.created_at).toISOString(),
    deleted_at: isoOrNull(row.deleted_at),
  };
}
