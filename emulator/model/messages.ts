/**
 * Message operations: the reprocess lifecycle, status changes, audio and waveform regeneration,
 * sequence-number repair and daily statistics.
 *
 * Reprocessing is evaluated lazily: a reprocessed message is `processing` until its
 * `processingUntil` time; `settleProcessing` (run before every admin request) applies the
 * transitions that are due, dated when they became due. Poison messages never recover: `stuck`
 * ones stay `processing`, `fail` ones fall to `failed` with a `status_reason`.
 */
import type { DailyMessageStatistics } from '../../lib/upstream/contract';
import { HttpError } from '../http';
import { FAILED_STATUS, type MessageRow } from '../seed/messages';
import { compareValues } from '../store/table';
import type { World } from './world';

const PROCESSING_STATUS = 'processing';
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const RECOVERED_STATUS = 'active';
const POISON_FAILURE_REASON = 'reprocessing failed: the transcoder crashed on this recording';
/** Statuses a reprocess refuses: the message is gone. */
const DELETED_STATUSES = new Set(['deleted', 'account-deleted']);
/** Longest status the set-status operation accepts. */
const MAX_STATUS_LENGTH = 100;

export function requireMessage(world: World, id: string): MessageRow {
  const message = world.messages.get(id);
  if (!message) throw new HttpError(404, `no message with guid "${id}"`, 'NOT_FOUND');
  return message;
}

/** Applies every reprocess outcome that is due at `now`. */
export function settleProcessing(world: World, now: number): void {
  for (const [id, due] of world.processingUntil) {
    if (due > now) continue;
    world.processingUntil.delete(id);
    const message = world.messages.get(id);
    if (!message || message.status !== PROCESSING_STATUS) continue;
    world.messages.update(
      message,
      message.poison === 'fail'
        ? { status: FAILED_STATUS, status_reason: POISON_FAILURE_REASON, last_updated_at: due }
        : { status: RECOVERED_STATUS, status_reason: null, last_updated_at: due },
    );
  }
}

export function reprocessMessage(world: World, id: string, now: number, delayMs: number): MessageRow {
  const message = requireMessage(world, id);
  if (DELETED_STATUSES.has(message.status)) {
    throw new HttpError(409, `message "${id}" is ${message.status} and cannot be reprocessed`, 'MESSAGE_DELETED');
  }
  world.messages.update(message, { status: PROCESSING_STATUS, status_reason: null, last_updated_at: now });
  if (message.poison === 'stuck') world.processingUntil.delete(id);
  else world.processingUntil.set(id, now + delayMs);
  return message;
}

/** The messages' last update `ms` earlier (a test's stand-in for time passing); all found first, or none moved. */
export function backdateMessages(world: World, ids: string[], ms: number): void {
  const messages = ids.map((id) => requireMessage(world, id));
  for (const message of messages) world.messages.update(message, { last_updated_at: message.last_updated_at - ms });
}

/** Any status string is accepted, as the spec says; a pending reprocess outcome is dropped. */
export function setMessageStatus(world: World, id: string, status: string, now: number): MessageRow {
  const message = requireMessage(world, id);
  if (status.length === 0 || status.length > MAX_STATUS_LENGTH) {
    throw new HttpError(400, `status must be 1 to ${MAX_STATUS_LENGTH} characters`, 'INVALID_STATUS');
  }
  world.processingUntil.delete(id);
  world.messages.update(message, { status, status_reason: null, last_updated_at: now });
  return message;
}

export function createMp3(world: World, id: string, now: number): MessageRow {
  const message = requireMessage(world, id);
  if (!message.has_hls_audio) {
    throw new HttpError(409, `message "${id}" has no HLS audio to make an mp3 from`, 'NO_HLS_AUDIO');
  }
  world.messages.update(message, { mp3_version: (message.mp3_version ?? 0) + 1, last_updated_at: now });
  return message;
}

export function recreateWaveform(world: World, id: string, now: number): MessageRow {
  const message = requireMessage(world, id);
  if (!message.has_hls_audio) {
    throw new HttpError(409, `message "${id}" has no audio to draw a waveform from`, 'NO_HLS_AUDIO');
  }
  world.messages.update(message, {
    waveform_version: (message.waveform_version ?? 0) + 1,
    waveform_url: message.waveform_url ?? `https://media.example.com/waveforms/${id}.json`,
    last_updated_at: now,
  });
  return message;
}

export type SequenceRepair = {
  channel_guid: string;
  /** Numbers missing between 1 and the highest number. */
  gaps: number;
  /** Messages whose number an earlier message already had. */
  duplicates: number;
  /** Messages without a number. */
  missing: number;
  renumbered: number;
};

/**
 * Renumbers each channel's messages 1..n, keeping their order (by current number, then posting
 * time); a message counts in the first channel of its `channel_guids`.
 */
export function repairChannelSequenceNumbers(world: World) {
  const changes: SequenceRepair[] = [];
  const updates: Array<readonly [MessageRow, { sequence_number: number }]> = [];
  let checked = 0;
  for (const channel of world.channels.sortedBy('id')) {
    const messages = [...world.messages.containing('channel_guids', channel.id)].filter(
      (message) => message.channel_guids[0] === channel.id,
    );
    if (messages.length === 0) continue;
    checked++;
    messages.sort(
      (a, b) =>
        compareValues(a.sequence_number, b.sequence_number) || a.message_ts - b.message_ts || compareValues(a.id, b.id),
    );
    const seen = new Set<number>();
    let duplicates = 0;
    let missing = 0;
    let highest = 0;
    for (const { sequence_number: number } of messages) {
      if (number === null) missing++;
      else if (seen.has(number)) duplicates++;
      else seen.add(number);
      if (number !== null && number > highest) highest = number;
    }
    let inRange = 0;
    for (const number of seen) if (number >= 1 && number <= highest) inRange++;
    let renumbered = 0;
    messages.forEach((message, position) => {
      if (message.sequence_number === position + 1) return;
      updates.push([message, { sequence_number: position + 1 }]);
      renumbered++;
    });
    if (renumbered > 0) {
      changes.push({ channel_guid: channel.id, gaps: highest - inRange, duplicates, missing, renumbered });
    }
  }
  world.messages.updateMany(updates);
  return {
    channels_checked: checked,
    channels_repaired: changes.length,
    messages_renumbered: updates.length,
    changes,
  };
}

/**
 * A function from an instant to its calendar day (YYYY-MM-DD) in a zone. Every zone's offset is
 * a multiple of 15 minutes, so the day is cached per quarter hour: a million messages need a few
 * thousand formatter calls, not a million.
 */
function dayInZone(timeZone: string): (instant: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const cache = new Map<number, string>();
  return (instant) => {
    const quarter = Math.floor(instant / QUARTER_HOUR_MS);
    let day = cache.get(quarter);
    if (day === undefined) {
      day = format.format(new Date(quarter * QUARTER_HOUR_MS));
      cache.set(quarter, day);
    }
    return day;
  };
}

/** A zone the statistics can count days in; throws a 400 for anything else. */
export function statisticsTimeZone(value: string | null): string {
  if (value === null || value === '' || value === 'UTC') return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    throw new HttpError(400, `unknown time zone "${value.slice(0, 64)}"`, 'BAD_TIME_ZONE');
  }
}

/**
 * Zones whose daily counts are kept as a tally of the messages table (a real service keeps such
 * statistics as it goes rather than reading every message per request); a zone past these is
 * counted by a scan, so a caller cycling through zones cannot make every change cost more.
 */
const TALLIED_ZONES = 8;
/** Between a tally key's day (YYYY-MM-DD) and its status; no day holds it. */
const KEY_SEPARATOR = '\n';

/** Messages per calendar day of `message_ts` (in `timeZone`, UTC by default) and per status, oldest day first. */
export function dailyMessageStatistics(world: World, timeZone = 'UTC'): DailyMessageStatistics[] {
  const dayOf = dayInZone(timeZone);
  const keyOf = (message: MessageRow) => `${dayOf(message.message_ts)}${KEY_SEPARATOR}${message.status}`;
  const name = `daily-statistics:${timeZone}`;
  const table = world.messages;
  const counts =
    table.hasTally(name) || table.tallyCount < TALLIED_ZONES
      ? table.tally(name, ['message_ts', 'status'], keyOf)
      : scanCounts(table.rows(), keyOf);
  const days = new Map<string, Map<string, number>>();
  for (const [key, count] of counts) {
    const split = key.indexOf(KEY_SEPARATOR);
    const day = key.slice(0, split);
    let statuses = days.get(day);
    if (!statuses) {
      statuses = new Map();
      days.set(day, statuses);
    }
    statuses.set(key.slice(split + 1), count);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, statuses]) => {
      const counts = [...statuses.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
      return {
        date,
        total: counts.reduce((sum, [, count]) => sum + count, 0),
        statuses: Object.fromEntries(counts),
      };
    });
}

function scanCounts(messages: Iterable<MessageRow>, keyOf: (message: MessageRow) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) {
    const key = keyOf(message);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
