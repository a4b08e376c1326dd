import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentSchema,
  channelSchema,
  domainSchema,
  KNOWN_MESSAGE_STATUSES,
  messageSchema,
  NON_TERMINAL_STATUSES,
  notificationSchema,
  userListSchema,
  userSchema,
  workspaceSchema,
} from '../../lib/upstream/contract';
import { snapshotFileFor } from '../../emulator/db';
import { orphanedChannels, orphanedNotifications } from '../../emulator/model/channels';
import { hostnameProblem } from '../../emulator/model/domains';
import {
  agentRecord,
  channelRecord,
  domainRecord,
  messageRecord,
  notificationRecord,
  userRecord,
  workspaceRecord,
} from '../../emulator/model/records';
import { buildWorld } from '../../emulator/model/world';
import { generateSeedData, type SeedData } from '../../emulator/seed';
import { DAY_MS, referenceDateForSeed } from '../../emulator/seed/context';
import { DEMO_ACCOUNTS } from '../../emulator/seed/demo-accounts';
import { PRESETS } from '../../emulator/seed/presets';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';
import { CONTROL_HEADERS } from '../../emulator/control';

const SEED = 20261122;
const STUCK_AFTER_MS = 15 * 60 * 1000;

const generated = new Map<string, SeedData>();
function seedData(preset: 'small' | 'default'): SeedData {
  let data = generated.get(preset);
  if (!data) {
    data = generateSeedData(preset, SEED);
    generated.set(preset, data);
  }
  return data;
}

describe('seed generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateSeedData('small', SEED)).toEqual(seedData('small'));
    const other = generateSeedData('small', SEED + 1);
    expect(other.users.map((user) => user.id)).not.toEqual(seedData('small').users.map((user) => user.id));
    expect(other.messages.map((message) => message.id)).not.toEqual(
      seedData('small').messages.map((message) => message.id),
    );
  });

  it('dates history from the seed, never from the clock', () => {
    expect(referenceDateForSeed(SEED).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(referenceDateForSeed(7).toISOString()).toBe('2026-01-08T12:00:00.000Z');
    const { users, messages, reference } = seedData('default');
    expect(reference).toBe(referenceDateForSeed(SEED).getTime());
    const oldest = Math.min(...users.map((user) => user.created_at));
    expect(reference - oldest).toBeLessThanOrEqual(120 * DAY_MS);
    expect(users.every((user) => user.created_at <= reference)).toBe(true);
    expect(users.every((user) => user.last_active_at === null || user.last_active_at >= user.created_at)).toBe(true);
    for (const message of messages) {
      expect(message.message_ts).toBeGreaterThanOrEqual(reference - 121 * DAY_MS);
      expect(message.message_ts).toBeLessThanOrEqual(reference);
      expect(message.last_updated_at).toBeGreaterThanOrEqual(message.message_ts);
    }
    // Spread over the whole window, not piled up in the last days.
    const lastWeek = messages.filter((message) => message.message_ts >= reference - 7 * DAY_MS).length;
    const firstMonth = messages.filter((message) => message.message_ts < reference - 90 * DAY_MS).length;
    expect(lastWeek / messages.length).toBeLessThan(0.1);
    expect(firstMonth / messages.length).toBeGreaterThan(0.2);
  });

  it('creates workspaces before their channels and channels before their messages', () => {
    const { workspaces, channels, messages } = seedData('default');
    const channelsById = new Map(channels.map((channel) => [channel.id, channel]));
    const workspacesById = new Map(workspaces.map((workspace) => [workspace.id, workspace]));
    for (const message of messages) {
      for (const channel of message.channel_guids)
        expect(channelsById.get(channel)?.created_ts).toBeLessThan(message.message_ts);
    }
    for (const channel of channels) {
      const workspace = channel.workspace_guid ? workspacesById.get(channel.workspace_guid) : undefined;
      if (workspace) expect(workspace.created_ts).toBeLessThan(channel.created_ts);
    }
  });

  it('fills each preset to its size with records the contract accepts', () => {
    for (const preset of ['small', 'default'] as const) {
      const data = seedData(preset);
      const sizes = PRESETS[preset];
      expect(data.users).toHaveLength(sizes.userCount);
      expect(data.workspaces).toHaveLength(sizes.workspaceCount);
      expect(data.channels).toHaveLength(sizes.channelCount);
      expect(data.messages).toHaveLength(sizes.messageCount);
      expect(data.notifications).toHaveLength(sizes.notificationCount);
      expect(data.domains).toHaveLength(sizes.domainCount);
      for (const table of [
        data.users,
        data.workspaces,
        data.channels,
        data.messages,
        data.notifications,
        data.domains,
      ]) {
        expect(new Set(table.map((row) => row.id)).size).toBe(table.length);
      }
      const world = buildWorld(structuredClone(data));
      for (const user of world.users.rows()) {
        userSchema.parse(userRecord(user));
        expect(user.id).toMatch(/^usr_[0-9a-f]{20}$/);
        if (user.account_type === 'agent') agentSchema.parse(agentRecord(world, user));
      }
      for (const row of world.workspaces.rows()) workspaceSchema.parse(workspaceRecord(row));
      for (const row of world.channels.rows()) channelSchema.parse(channelRecord(world, row));
      for (const row of world.messages.rows()) messageSchema.parse(messageRecord(row));
      for (const row of world.notifications.rows()) notificationSchema.parse(notificationRecord(row));
      for (const row of world.domains.rows()) {
        domainSchema.parse(domainRecord(row));
        expect(hostnameProblem(row.domain)).toBeNull();
      }
      expect(new Set(data.domains.map((domain) => domain.domain)).size).toBe(data.domains.length);
    }
  });

  it('has the demo accounts, with admin never grantable to member@example.com', () => {
    for (const preset of ['small', 'default'] as const) {
      const { signInAccounts, workspaceMembers } = seedData(preset);
      expect(signInAccounts.map((account) => account.id)).toEqual(
        Object.values(DEMO_ACCOUNTS).map((account) => account.id),
      );
      expect(signInAccounts.find((account) => account.id === DEMO_ACCOUNTS.member.id)?.admin_allowed).toBe(false);
      expect(signInAccounts.every((account) => !account.password_hash.includes('console-demo'))).toBe(true);
      const opsWorkspaces = workspaceMembers.filter((member) => member.user_id === DEMO_ACCOUNTS.ops.id);
      expect(opsWorkspaces.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives the default preset a realistic status mix with a few hundred stuck messages', () => {
    const { messages, reference } = seedData('default');
    const count = (predicate: (status: string) => boolean) =>
      messages.filter((message) => predicate(message.status)).length;
    expect(count((status) => status === 'active') / messages.length).toBeGreaterThan(0.8);
    for (const status of KNOWN_MESSAGE_STATUSES) expect(count((candidate) => candidate === status)).toBeGreaterThan(0);
    expect(count((status) => !(KNOWN_MESSAGE_STATUSES as readonly string[]).includes(status))).toBeGreaterThan(0);
    const nonTerminal = new Set<string>(NON_TERMINAL_STATUSES);
    const stuck = messages.filter(
      (message) => nonTerminal.has(message.status) && message.last_updated_at < reference - STUCK_AFTER_MS,
    );
    expect(stuck.length).toBeGreaterThanOrEqual(200);
    expect(stuck.length).toBeLessThanOrEqual(600);
    const inFlight = messages.filter(
      (message) => nonTerminal.has(message.status) && message.last_updated_at >= reference - STUCK_AFTER_MS,
    );
    expect(inFlight.length).toBeGreaterThan(0);
    const failed = messages.filter((message) => message.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((message) => typeof message.status_reason === 'string')).toBe(true);
  });

  it('marks a seeded set of stuck messages as poison, of both kinds, in every preset', () => {
    for (const preset of ['small', 'default'] as const) {
      const poison = seedData(preset).messages.filter((message) => message.poison !== null);
      expect(poison.some((message) => message.poison === 'stuck')).toBe(true);
      expect(poison.some((message) => message.poison === 'fail')).toBe(true);
      expect(poison.every((message) => (NON_TERMINAL_STATUSES as readonly string[]).includes(message.status))).toBe(
        true,
      );
    }
  });

  it('carries hostile content and nulls into every kind of record', () => {
    for (const preset of ['small', 'default'] as const) {
      const data = seedData(preset);
      const texts = (values: Array<string | null>) => values.filter((value): value is string => value !== null);
      const userNames = texts(data.users.flatMap((user) => [user.first_name, user.last_name]));
      const workspaceNames = texts(data.workspaces.map((workspace) => workspace.workspace_name));
      const channelNames = texts(data.channels.map((channel) => channel.channel_name));
      const transcripts = texts(data.messages.map((message) => message.transcript_txt));
      const imageUrls = texts([...data.users, ...data.workspaces, ...data.channels].map((row) => row.image_url));
      expect(userNames.some((name) => name.includes('<script>'))).toBe(true);
      expect(workspaceNames.some((name) => /<img|<script|<svg/.test(name))).toBe(true);
      expect(channelNames.some((name) => /<img|<script|<svg|DROP TABLE/.test(name))).toBe(true);
      expect(transcripts.some((text) => text.includes('<script>'))).toBe(true);
      expect(transcripts.some((text) => /[\u0590-\u06FF]/.test(text))).toBe(true);
      expect(transcripts.some((text) => /\p{Extended_Pictographic}/u.test(text))).toBe(true);
      expect(transcripts.some((text) => text.length === 5000)).toBe(true);
      expect(imageUrls.some((url) => url.toLowerCase().startsWith('javascript:'))).toBe(true);
      expect(imageUrls.some((url) => url.startsWith('data:'))).toBe(true);
      expect(data.messages.some((message) => message.message_url?.startsWith('javascript:'))).toBe(true);
      expect(data.workspaces.some((workspace) => workspace.workspace_name === null)).toBe(true);
      expect(data.channels.some((channel) => channel.channel_name === null)).toBe(true);
      expect(data.messages.some((message) => message.transcript_txt === null)).toBe(true);
      expect(data.messages.some((message) => message.creator_guid === null)).toBe(true);
      expect(data.notifications.some((notification) => notification.push_info === null)).toBe(true);
      expect(data.users.some((user) => user.first_name === null && user.last_name === null)).toBe(true);
    }
  });

  it('leaves real dangling references, damaged sequences and identity-provider users to find', () => {
    for (const preset of ['small', 'default'] as const) {
      const data = seedData(preset);
      const world = buildWorld(structuredClone(data));
      const channelReasons = new Set(orphanedChannels(world).flatMap((orphan) => orphan.dangling));
      expect(channelReasons).toContain('workspace_guid');
      expect(world.channels.where('workspace_guid', null).size).toBeGreaterThan(0);
      const notificationReasons = new Set(orphanedNotifications(world).flatMap((orphan) => orphan.dangling));
      expect([...notificationReasons].sort()).toEqual(['channel_id', 'message_id', 'user_id', 'workspace_id']);

      const numbersByChannel = new Map<string, Array<number | null>>();
      for (const message of data.messages) {
        const channel = message.channel_guids[0] as string;
        numbersByChannel.set(channel, [...(numbersByChannel.get(channel) ?? []), message.sequence_number]);
      }
      const damaged = [...numbersByChannel.values()].filter((numbers) => {
        const present = numbers.filter((number): number is number => number !== null);
        return (
          present.length !== numbers.length ||
          new Set(present).size !== present.length ||
          Math.max(...present) !== present.length
        );
      });
      expect(damaged.length).toBeGreaterThanOrEqual(2);
      expect(damaged.length).toBeLessThan(numbersByChannel.size / 2);

      expect(data.users.filter((user) => user.idp_provider).length).toBeGreaterThan(3);
    }
  });
});

describe('pristine data on every start', () => {
  let dataDir: string;
  let emulator: RunningEmulator | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'emulator-seed-'));
  });
  afterAll(async () => {
    await emulator?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function allUsers(running: RunningEmulator) {
    const { access_token } = await benchToken(running);
    const response = await fetch(new URL('/admin/ra/users?sort=["id","ASC"]&range=[0,999]', running.url), {
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(response.status).toBe(200);
    return userListSchema.parse(await response.json());
  }

  const renameOps = (running: RunningEmulator) => {
    const { users } = running.database.world;
    const ops = users.get(DEMO_ACCOUNTS.ops.id);
    if (!ops) throw new Error('the ops account is missing');
    users.update(ops, { first_name: 'Changed' });
  };
  const opsName = async (running: RunningEmulator) =>
    (await allUsers(running)).find((user) => user.id === DEMO_ACCOUNTS.ops.id)?.first_name;

  it('generates a snapshot into an empty cache that serves the same data as the shared one', async () => {
    emulator = await startTestEmulator({ dataDir });
    expect(emulator.startup.database.generated).toBe(true);
    expect((await stat(snapshotFileFor({ preset: 'small', seed: SEED, dataDir }))).size).toBeGreaterThan(0);
    const shared = await startTestEmulator();
    try {
      expect(await allUsers(emulator)).toEqual(await allUsers(shared));
    } finally {
      await shared.stop();
    }
  });

  it('forgets changes on restart, loading from the cache', async () => {
    if (!emulator) throw new Error('needs the emulator of the previous test');
    renameOps(emulator);
    expect(await opsName(emulator)).toBe('Changed');
    await emulator.stop();
    emulator = await startTestEmulator({ dataDir });
    expect(emulator.startup.database.generated).toBe(false);
    expect(await opsName(emulator)).toBe(DEMO_ACCOUNTS.ops.firstName);
  });

  it('forgets changes on POST /__control/reset', async () => {
    if (!emulator) throw new Error('needs the emulator of the previous test');
    renameOps(emulator);
    expect(await opsName(emulator)).toBe('Changed');
    const response = await fetch(new URL('/__control/reset', emulator.url), {
      method: 'POST',
      headers: CONTROL_HEADERS,
    });
    expect(await response.json()).toEqual({ ok: true });
    expect(await opsName(emulator)).toBe(DEMO_ACCOUNTS.ops.firstName);
  });

  it('regenerates a cached snapshot that is unreadable', async () => {
    if (!emulator) throw new Error('needs the emulator of the previous test');
    await emulator.stop();
    await writeFile(snapshotFileFor({ preset: 'small', seed: SEED, dataDir }), 'not a snapshot');
    emulator = await startTestEmulator({ dataDir });
    expect(emulator.startup.database.generated).toBe(true);
    expect(await opsName(emulator)).toBe(DEMO_ACCOUNTS.ops.firstName);
  });
});
