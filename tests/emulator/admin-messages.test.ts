/**
 * The message operations, read back after each change: reprocess (recovering, poison stuck and
 * poison failing), set status, createMP3, recreateWaveform, the daily statistics moving with a
 * status change, and the sequence-number repair.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  dailyMessageStatisticsListSchema,
  messageOperationAnswerSchema,
  messageSchema,
  repairSequenceResultSchema,
  type DailyMessageStatistics,
  type Message,
} from '../../lib/upstream/contract';
import { STATISTICS_TIME_ZONE_PARAM } from '../../lib/upstream/contract/statistics';
import type { MessageRow } from '../../emulator/seed/messages';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';
import { apiClient, control, expectError, resetEmulator, type ApiClient } from './helpers';

const DELAY_MS = 300;

let emulator: RunningEmulator;
let api: ApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator({
    rateLimitRead: 1_000_000,
    rateLimitWrite: 1_000_000,
    reprocessDelayMs: DELAY_MS,
  });
  api = apiClient(emulator, (await benchToken(emulator)).access_token);
});
afterAll(() => emulator?.stop());
afterEach(() => resetEmulator(emulator));

const messages = () => [...emulator.database.world.messages.rows()];
function findMessage(predicate: (row: MessageRow) => boolean): MessageRow {
  const found = messages().find(predicate);
  if (!found) throw new Error('no such message in the seed');
  return found;
}
const readMessage = (id: string) => api.read(`/admin/ra/messages/${id}`, messageSchema);
const operate = (method: string, path: string) => api.call(method, path, messageOperationAnswerSchema);
const reprocess = (id: string) => operate('POST', `/admin/ra/message/${id}/reprocess`);

describe('POST /admin/ra/message/{guid}/reprocess', () => {
  it('moves a message to processing and, after the delay, to active', async () => {
    const stuck = findMessage((row) => row.status === 'processing' && row.poison === null);
    const started = Date.now();
    const { message } = await reprocess(stuck.id);
    expect(message).toMatchObject({ id: stuck.id, status: 'processing', status_reason: null });
    expect(message.last_updated_at).toBeGreaterThanOrEqual(started);
    expect((await readMessage(stuck.id)).status).toBe('processing');

    await sleep(DELAY_MS + 50);
    const recovered = await readMessage(stuck.id);
    expect(recovered.status).toBe('active');
    expect(recovered.last_updated_at).toBe(message.last_updated_at! + DELAY_MS);
    const { rows } = await api.list('messages', { filter: { status: 'processing', id: [stuck.id] } }, messageSchema);
    expect(rows).toEqual([]);
    const active = await api.list('messages', { filter: { status: 'active', id: [stuck.id] } }, messageSchema);
    expect(active.rows.map((row) => row.id)).toEqual([stuck.id]);
  });

  it('shows the transition in list totals without the message being read', async () => {
    const total = async (status: string) =>
      (await api.list('messages', { filter: { status }, range: { start: 0, end: 0 } }, messageSchema)).total;
    const [inprogress, processing, active] = [
      await total('inprogress'),
      await total('processing'),
      await total('active'),
    ];
    const target = findMessage((row) => row.status === 'inprogress' && row.poison === null);
    await reprocess(target.id);
    expect([await total('inprogress'), await total('processing'), await total('active')]).toEqual([
      inprogress - 1,
      processing + 1,
      active,
    ]);
    await sleep(DELAY_MS + 50);
    expect([await total('inprogress'), await total('processing'), await total('active')]).toEqual([
      inprogress - 1,
      processing,
      active + 1,
    ]);
  });

  it('leaves poison that sticks in processing, and fails poison that fails with a reason', async () => {
    const poison = (await (await control(emulator, 'poison-messages')).json()) as Array<{
      id: string;
      behaviour: string;
    }>;
    const sticky = poison.find((item) => item.behaviour === 'stuck');
    const failing = poison.find((item) => item.behaviour === 'fail');
    if (!sticky || !failing) throw new Error('the seed has no poison of both kinds');
    expect(poison.map((item) => item.id).sort()).toEqual(
      messages()
        .filter((row) => row.poison)
        .map((row) => row.id)
        .sort(),
    );

    await reprocess(sticky.id);
    await reprocess(failing.id);
    await sleep(DELAY_MS + 50);
    expect((await readMessage(sticky.id)).status).toBe('processing');
    const failed = await readMessage(failing.id);
    expect(failed.status).toBe('failed');
    expect(failed.status_reason).toMatch(/transcoder/);
    // Reprocessing again does not help.
    await reprocess(failing.id);
    await sleep(DELAY_MS + 50);
    expect((await readMessage(failing.id)).status).toBe('failed');
  });

  it('follows a delay changed at run time', async () => {
    await control(emulator, 'settings', { body: { reprocessDelayMs: 0 } });
    const target = findMessage((row) => row.status === 'processing' && row.poison === null);
    await reprocess(target.id);
    expect((await readMessage(target.id)).status).toBe('active');
  });

  it('refuses deleted messages and unknown guids', async () => {
    const deleted = findMessage((row) => row.status === 'deleted');
    await expectError(await api.request('POST', `/admin/ra/message/${deleted.id}/reprocess`), 409, /deleted/);
    expect((await readMessage(deleted.id)).status).toBe('deleted');
    await expectError(await api.request('POST', '/admin/ra/message/msg_unknown/reprocess'), 404, /msg_unknown/);
  });
});

describe('PUT /admin/ra/message/{guid}/status/{status}', () => {
  it('accepts any status string and drops a pending reprocess outcome', async () => {
    const target = findMessage((row) => row.status === 'processing' && row.poison === null);
    await reprocess(target.id);
    for (const status of ['paused', 'needs review ✓', 'ACTIVE', 'x'.repeat(100)]) {
      const { message } = await operate('PUT', `/admin/ra/message/${target.id}/status/${encodeURIComponent(status)}`);
      expect(message.status).toBe(status);
      expect((await readMessage(target.id)).status).toBe(status);
    }
    await sleep(DELAY_MS + 50);
    expect((await readMessage(target.id)).status).toBe('x'.repeat(100));
  });

  it('answers 400 for an overlong status and 404 for an unknown guid', async () => {
    const target = findMessage(() => true);
    await expectError(
      await api.request('PUT', `/admin/ra/message/${target.id}/status/${'x'.repeat(101)}`),
      400,
      /status/,
    );
    expect((await readMessage(target.id)).status).toBe(target.status);
    await expectError(await api.request('PUT', '/admin/ra/message/msg_unknown/status/active'), 404);
    await expectError(await api.request('GET', `/admin/ra/message/${target.id}/status/active`), 405);
  });
});

describe('GET /admin/ra/message/{guid}/createMP3 and recreateWaveform', () => {
  const mp3Of = (message: Message) => message.audio_models?.filter((model) => model.type === 'mp3') ?? [];

  it('creates the mp3 model from HLS audio', async () => {
    const target = findMessage((row) => row.has_hls_audio && row.mp3_version === null);
    expect(mp3Of(await readMessage(target.id))).toEqual([]);
    const { message } = await operate('GET', `/admin/ra/message/${target.id}/createMP3`);
    expect(mp3Of(message)).toHaveLength(1);
    expect(mp3Of(message)[0]?.url).toMatch(/^https:\/\/.+\.mp3$/);
    expect(message.audio_models?.some((model) => model.type === 'hls')).toBe(true);
    expect(await readMessage(target.id)).toEqual(message);
    // Again: a fresh mp3 replaces the first.
    const again = (await operate('GET', `/admin/ra/message/${target.id}/createMP3`)).message;
    expect(mp3Of(again)).toHaveLength(1);
    expect(mp3Of(again)[0]?._id).not.toBe(mp3Of(message)[0]?._id);
  });

  it('answers 409 without HLS audio, changing nothing', async () => {
    for (const target of [
      findMessage((row) => row.is_text_message),
      findMessage((row) => !row.is_text_message && !row.has_hls_audio),
    ]) {
      const before = await readMessage(target.id);
      await expectError(await api.request('GET', `/admin/ra/message/${target.id}/createMP3`), 409, /HLS/);
      await expectError(await api.request('GET', `/admin/ra/message/${target.id}/recreateWaveform`), 409, /audio/);
      expect(await readMessage(target.id)).toEqual(before);
    }
    await expectError(await api.request('GET', '/admin/ra/message/msg_unknown/createMP3'), 404);
  });

  it('regenerates waveform_percentages, and makes one where there was none', async () => {
    const target = findMessage((row) => row.has_hls_audio && row.waveform_version !== null);
    const before = await readMessage(target.id);
    const { message } = await operate('GET', `/admin/ra/message/${target.id}/recreateWaveform`);
    expect(message.waveform_percentages).toHaveLength(before.waveform_percentages?.length ?? -1);
    expect(message.waveform_percentages).not.toEqual(before.waveform_percentages);
    expect(message.waveform_percentages?.every((point) => /^\d{1,3}$/.test(point) && Number(point) <= 100)).toBe(true);
    expect(await readMessage(target.id)).toEqual(message);

    const missing = findMessage((row) => row.has_hls_audio && row.waveform_version === null);
    expect((await readMessage(missing.id)).waveform_percentages).toBeNull();
    const made = (await operate('GET', `/admin/ra/message/${missing.id}/recreateWaveform`)).message;
    expect(made.waveform_percentages?.length).toBeGreaterThan(0);
    expect(made.waveform_url).toEqual(expect.any(String));
  });

  it('count as writes for rate limiting, although they are GETs', async () => {
    await control(emulator, 'settings', { body: { rateLimitWrite: 1, rateLimitWindowMs: 60_000 } });
    const target = findMessage((row) => row.has_hls_audio);
    expect((await api.get(`/admin/ra/message/${target.id}/createMP3`)).status).toBe(200);
    await expectError(await api.get(`/admin/ra/message/${target.id}/recreateWaveform`), 429);
    expect((await api.get(`/admin/ra/messages/${target.id}`)).status).toBe(200);
  });
});

describe('GET /admin/message/statistics', () => {
  const statistics = () => api.read('/admin/message/statistics', dailyMessageStatisticsListSchema);
  const dayOf = (days: DailyMessageStatistics[], date: string) => days.find((day) => day.date === date);

  it('counts messages per UTC day and status, and moves when a status changes', async () => {
    const before = await statistics();
    expect(before.reduce((sum, day) => sum + day.total, 0)).toBe(messages().length);
    expect(before.map((day) => day.date)).toEqual([...before.map((day) => day.date)].sort());
    for (const day of before)
      expect(Object.values(day.statuses).reduce((sum, count) => sum + count, 0)).toBe(day.total);

    const target = findMessage((row) => row.status === 'active');
    const date = new Date(target.message_ts).toISOString().slice(0, 10);
    await operate('PUT', `/admin/ra/message/${target.id}/status/archived-by-test`);
    const after = await statistics();
    expect(dayOf(after, date)?.total).toBe(dayOf(before, date)?.total);
    expect(dayOf(after, date)?.statuses['archived-by-test']).toBe(1);
    expect(dayOf(after, date)?.statuses.active).toBe((dayOf(before, date)?.statuses.active ?? 0) - 1);
  });

  it('counts the same in every zone, whether the zone is tallied as messages change or read by a scan', async () => {
    // More zones than the emulator keeps tallies of (model/messages.ts): the last ones are scanned.
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Tokyo',
      'Australia/Sydney',
      'Asia/Kolkata',
      'America/Los_Angeles',
      'Pacific/Auckland',
      'Africa/Cairo',
      'America/Sao_Paulo',
    ];
    const inZone = (zone: string) =>
      api.read(
        `/admin/message/statistics?${STATISTICS_TIME_ZONE_PARAM}=${encodeURIComponent(zone)}`,
        dailyMessageStatisticsListSchema,
      );
    for (const zone of zones) await inZone(zone);
    const target = findMessage((row) => row.status === 'active');
    await operate('PUT', `/admin/ra/message/${target.id}/status/archived-by-test`);
    for (const zone of zones) {
      const day = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      const expected = new Map<string, Record<string, number>>();
      for (const message of messages()) {
        const statuses = expected.get(day.format(message.message_ts)) ?? {};
        statuses[message.status] = (statuses[message.status] ?? 0) + 1;
        expected.set(day.format(message.message_ts), statuses);
      }
      const days = await inZone(zone);
      expect(
        days.map((entry) => entry.date),
        zone,
      ).toEqual([...expected.keys()].sort());
      for (const entry of days) expect(entry.statuses, `${zone} ${entry.date}`).toEqual(expected.get(entry.date));
    }
  });
});

describe('POST /admin/repairChannelSequenceNumbers', () => {
  it('fixes gaps, duplicates and missing numbers and reports what it changed', async () => {
    const sequences = async (channel: string) =>
      (
        await api.list(
          'messages',
          {
            filter: { channel_guid: channel },
            sort: { field: 'sequence_number', order: 'ASC' },
            range: { start: 0, end: 999 },
          },
          messageSchema,
        )
      ).rows.filter((row) => row.channel_guids?.[0] === channel);

    const result = await api.call('POST', '/admin/repairChannelSequenceNumbers', repairSequenceResultSchema);
    expect(result.channels_repaired).toBeGreaterThanOrEqual(2);
    expect(result.changes).toHaveLength(result.channels_repaired);
    expect(result.messages_renumbered).toBe(result.changes.reduce((sum, change) => sum + change.renumbered, 0));
    expect(result.changes.some((change) => change.gaps > 0)).toBe(true);
    expect(result.changes.some((change) => change.duplicates > 0)).toBe(true);

    for (const change of result.changes) {
      const rows = await sequences(change.channel_guid);
      expect(rows.map((row) => row.sequence_number)).toEqual(rows.map((_, index) => index + 1));
    }
    const untouched = messages().find(
      (row) => !result.changes.some((change) => change.channel_guid === row.channel_guids[0]),
    );
    if (untouched) {
      const rows = await sequences(untouched.channel_guids[0] as string);
      expect(rows.map((row) => row.sequence_number)).toEqual(rows.map((_, index) => index + 1));
    }

    const second = await api.call('POST', '/admin/repairChannelSequenceNumbers', repairSequenceResultSchema);
    expect(second).toMatchObject({ channels_repaired: 0, messages_renumbered: 0, changes: [] });
    expect(second.channels_checked).toBe(result.channels_checked);
  });
});
