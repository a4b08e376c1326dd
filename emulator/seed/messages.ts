/**
 * Messages over the history window, busy channels busier, weekdays busier than weekends, with a
 * realistic status mix: mostly `active`, some deleted, paused, scheduled..., a share stuck in a
 * non-terminal status for hours, a few in flight right now, a few failed and a few with a status
 * the contract does not know. Some channels' sequence numbers have gaps, duplicates and nulls
 * (the repair endpoint fixes them), and a deterministic set of stuck messages is "poison": a
 * reprocess never brings them back.
 */
import { DAY_MS, HISTORY_DAYS, type SeedContext } from './context';
import { HOSTILE_NAMES, HOSTILE_TRANSCRIPTS } from './hostile';
import { CHANNEL_TOPICS, FAILURE_REASONS, TRANSCRIPT_WORDS } from './names';
import { cumulative, idFactory, randomFor, type Random } from './random';
import type { ChannelRow, GeneratedChannels } from './channels';
import type { UserRow } from './users';

/** How a reprocess of a poison message ends: it stays `processing`, or it falls to `failed`. */
export type PoisonBehaviour = 'stuck' | 'fail';

export interface MessageRow {
  /** The message guid. */
  id: string;
  creator_guid: string | null;
  workspace_guid: string | null;
  channel_guids: string[];
  status: string;
  /** Why the status is what it is (failures). */
  status_reason: string | null;
  name: string | null;
  is_text_message: boolean;
  duration_ms: number | null;
  transcript_txt: string | null;
  /** Epoch milliseconds. */
  message_ts: number;
  last_updated_at: number;
  /** Position in the first channel of `channel_guids`. */
  sequence_number: number | null;
  message_url: string | null;
  waveform_url: string | null;
  /** How many times the waveform was made (its values derive from it); null: never. */
  waveform_version: number | null;
  /** The recording exists as HLS, so an mp3 can be made from it. */
  has_hls_audio: boolean;
  /** How many times the mp3 was made; null: never. */
  mp3_version: number | null;
  poison: PoisonBehaviour | null;
}

export const MESSAGE_ID_PREFIX = 'msg_';
export const FAILED_STATUS = 'failed';

const MINUTE_MS = 60 * 1000;

/** Status and its weight; `stuck` and `in-flight` are non-terminal statuses at two ages. */
const STATUS_MIX: ReadonlyArray<readonly [string, number]> = [
  ['active', 86],
  ['deleted', 3.5],
  ['account-deleted', 1],
  ['paused', 1.5],
  ['offline', 1],
  ['scheduled', 1.5],
  ['canceled', 1],
  [FAILED_STATUS, 0.3],
  // A status the contract does not list: the console must show it as it is.
  ['transcoding', 0.1],
  ['stuck', 0.6],
  ['in-flight', 0.2],
];
const STATUS_WEIGHTS = cumulative(STATUS_MIX.map(([, weight]) => weight));
const NON_TERMINAL = ['processing', 'processing', 'processing', 'initializing', 'inprogress'] as const;

/** Share of channels whose sequence numbers the seed damages. */
const DAMAGED_CHANNEL_SHARE = 0.05;
const POISON_SHARE = 0.1;

export function generateMessages(
  context: SeedContext,
  users: readonly UserRow[],
  generated: GeneratedChannels,
): MessageRow[] {
  const random = randomFor(context.seed, 'messages');
  const newId = idFactory(random, MESSAGE_ID_PREFIX);
  const { reference } = context;
  const { channels, channelMembers } = generated;
  const humans = users.filter((user) => user.account_type === 'human').map((user) => user.id);
  const membersOf = new Map<string, string[]>();
  for (const member of channelMembers) {
    const list = membersOf.get(member.channel_guid) ?? [];
    list.push(member.user_id);
    membersOf.set(member.channel_guid, list);
  }
  const channelsOfWorkspace = new Map<string, ChannelRow[]>();
  for (const channel of channels) {
    if (!channel.workspace_guid) continue;
    const list = channelsOfWorkspace.get(channel.workspace_guid) ?? [];
    list.push(channel);
    channelsOfWorkspace.set(channel.workspace_guid, list);
  }
  // Activity is skewed: a few channels carry most of the traffic.
  const channelWeights = cumulative(channels.map(() => Math.exp(random.next() * 5)));

  const messages: MessageRow[] = [];
  const stuck: MessageRow[] = [];
  for (let index = 0; index < context.preset.messageCount; index++) {
    const channel = channels[random.weighted(channelWeights)] as ChannelRow;
    const members = membersOf.get(channel.id);
    let creator: string | null = members && members.length > 0 ? random.pick(members) : random.pick(humans);
    // Creators that were purged, and messages without one.
    if (index === 4 || random.chance(0.003)) creator = `usr_${random.hex(20)}`;
    else if (index === 5 || random.chance(0.001)) creator = null;

    const kind = STATUS_MIX[random.weighted(STATUS_WEIGHTS)]?.[0] as string;
    const { message_ts, last_updated_at } = timesFor(kind, random, reference);
    const status = kind === 'stuck' || kind === 'in-flight' ? random.pick(NON_TERMINAL) : kind;

    const text = random.chance(0.1);
    const id = newId();
    const waveformVersion = !text && random.chance(0.92) ? 1 : null;
    const channelGuids = [channel.id];
    const siblings = channel.workspace_guid ? channelsOfWorkspace.get(channel.workspace_guid) : undefined;
    if (siblings && siblings.length > 1 && random.chance(0.02)) {
      const other = random.pick(siblings);
      if (other.id !== channel.id) channelGuids.push(other.id);
    }
    const message: MessageRow = {
      id,
      creator_guid: creator,
      workspace_guid: channel.workspace_guid,
      channel_guids: channelGuids,
      status,
      status_reason: status === FAILED_STATUS ? random.pick(FAILURE_REASONS) : null,
      name: messageName(index, random),
      is_text_message: text,
      duration_ms: text ? null : random.chance(0.01) ? null : 1500 + Math.floor(-Math.log(1 - random.next()) * 40_000),
      transcript_txt: transcript(index, text, random),
      message_ts,
      last_updated_at,
      sequence_number: null,
      message_url: index === 3 ? 'javascript:alert("message_url")' : text ? null : `https://voice.example.com/m/${id}`,
      waveform_url: waveformVersion === null ? null : `https://media.example.com/waveforms/${id}.json`,
      waveform_version: waveformVersion,
      has_hls_audio: !text && random.chance(0.96),
      mp3_version: !text && random.chance(0.4) ? 1 : null,
      poison: null,
    };
    messages.push(message);
    if (kind === 'stuck') stuck.push(message);
  }

  assignSequenceNumbers(messages, channels, random);
  // A share of the stuck messages, alternately poison that stays stuck and poison that fails.
  random.sample(stuck, Math.max(2, Math.round(stuck.length * POISON_SHARE))).forEach((message, position) => {
    message.poison = position % 2 === 0 ? 'stuck' : 'fail';
  });
  // A channel is older than its messages, and its last post is its newest one.
  const channelById = new Map(channels.map((channel) => [channel.id, channel]));
  for (const message of messages) {
    for (const channelGuid of message.channel_guids) {
      const channel = channelById.get(channelGuid) as ChannelRow;
      if (message.message_ts <= channel.created_ts)
        channel.created_ts = message.message_ts - random.int(MINUTE_MS, 3 * DAY_MS);
      if (channel.last_posted_ts === null || message.message_ts > channel.last_posted_ts) {
        channel.last_posted_ts = message.message_ts;
      }
    }
  }
  return messages;
}

function timesFor(kind: string, random: Random, reference: number): { message_ts: number; last_updated_at: number } {
  if (kind === 'in-flight') {
    const posted = reference - random.int(0, 10 * MINUTE_MS);
    return { message_ts: posted, last_updated_at: Math.min(reference, posted + random.int(0, 30_000)) };
  }
  const earliest = reference - HISTORY_DAYS * DAY_MS;
  let posted = reference - Math.floor(random.next() * HISTORY_DAYS * DAY_MS);
  const weekday = new Date(posted).getUTCDay();
  // Weekends are quieter: most weekend draws move to the Friday before (or the Monday after).
  if ((weekday === 0 || weekday === 6) && random.chance(0.6)) {
    const friday = posted - (weekday === 0 ? 2 : 1) * DAY_MS;
    posted = friday >= earliest ? friday : posted + (weekday === 0 ? 1 : 2) * DAY_MS;
  }
  if (kind === 'stuck') {
    posted = Math.min(posted, reference - random.int(30, 72 * 60) * MINUTE_MS);
    return { message_ts: posted, last_updated_at: posted + random.int(5_000, 120_000) };
  }
  const processed = posted + random.int(2_000, 90_000);
  const updated = random.chance(0.05) ? processed + random.int(0, 10 * DAY_MS) : processed;
  return { message_ts: posted, last_updated_at: Math.min(Math.max(updated, posted), Math.max(reference, posted)) };
}

function messageName(index: number, random: Random): string | null {
  if (index === 1 || random.chance(0.001)) return random.pick(HOSTILE_NAMES);
  if (!random.chance(0.25)) return null;
  return `${random.pick(CHANNEL_TOPICS).replaceAll('-', ' ')} update`;
}

function transcript(index: number, text: boolean, random: Random): string | null {
  if (index < HOSTILE_TRANSCRIPTS.length) return HOSTILE_TRANSCRIPTS[index] as string;
  if (random.chance(0.001)) return random.pick(HOSTILE_TRANSCRIPTS);
  if (!text && random.chance(0.04)) return null;
  const words: string[] = [];
  const count = text ? random.int(3, 40) : random.int(5, 60);
  for (let i = 0; i < count; i++) words.push(random.pick(TRANSCRIPT_WORDS));
  return `${words.join(' ')}.`;
}

/**
 * Numbers each channel's messages 1..n in posting order, then damages some channels: gaps
 * (numbers skipped), duplicates (a number repeated) and an occasional missing number.
 */
function assignSequenceNumbers(messages: MessageRow[], channels: readonly ChannelRow[], random: Random): void {
  const byChannel = new Map<string, MessageRow[]>();
  for (const message of messages) {
    const channelGuid = message.channel_guids[0] as string;
    const list = byChannel.get(channelGuid);
    if (list) list.push(message);
    else byChannel.set(channelGuid, [message]);
  }
  const busy = channels.filter((channel) => (byChannel.get(channel.id)?.length ?? 0) >= 6);
  const wanted = Math.max(2, Math.round(busy.length * DAMAGED_CHANNEL_SHARE));
  const damagedIds = new Set(random.sample(busy, wanted).map((channel) => channel.id));
  for (const channel of channels) {
    const list = byChannel.get(channel.id);
    if (!list) continue;
    list.sort((a, b) => a.message_ts - b.message_ts || (a.id < b.id ? -1 : 1));
    const damage = damagedIds.has(channel.id);
    // A damaged channel has at least one gap and one duplicate, and maybe more.
    const gapAt = damage ? random.int(1, list.length - 1) : -1;
    let duplicateAt = damage ? random.int(1, list.length - 1) : -1;
    if (damage && duplicateAt === gapAt) duplicateAt = gapAt > 1 ? gapAt - 1 : gapAt + 1;
    let next = 1;
    list.forEach((message, position) => {
      if (position === gapAt || (damage && position > 0 && random.chance(0.05))) next += random.int(1, 3);
      else if (position === duplicateAt || (damage && position > 0 && random.chance(0.04))) next -= 1;
      message.sequence_number = damage && random.chance(0.01) ? null : next;
      next++;
    });
  }
}
