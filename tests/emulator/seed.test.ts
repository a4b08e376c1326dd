import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userListSchema, userSchema } from '../../lib/upstream/contract';
import { snapshotFileFor } from '../../emulator/db';
import { generateSeedData } from '../../emulator/seed';
import { referenceDateForSeed } from '../../emulator/seed/context';
import { DEMO_ACCOUNTS } from '../../emulator/seed/demo-accounts';
import { PRESETS } from '../../emulator/seed/presets';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';

const SEED = 20261122;

describe('seed generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const first = generateSeedData('small', SEED);
    const second = generateSeedData('small', SEED);
    expect(second).toEqual(first);
    const other = generateSeedData('small', SEED + 1);
    expect(other.users.map((user) => user.id)).not.toEqual(first.users.map((user) => user.id));
  });

  it('dates history from the seed, never from the clock', () => {
    expect(referenceDateForSeed(SEED).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(referenceDateForSeed(7).toISOString()).toBe('2026-01-08T12:00:00.000Z');
    const { users, referenceDate } = generateSeedData('default', SEED);
    const oldest = Math.min(...users.map((user) => user.created_at.getTime()));
    expect(referenceDate.getTime() - oldest).toBeLessThanOrEqual(120 * 24 * 60 * 60 * 1000);
    expect(users.every((user) => user.created_at <= referenceDate)).toBe(true);
    expect(users.every((user) => user.last_active_at === null || user.last_active_at >= user.created_at)).toBe(true);
  });

  it('fills each preset with valid users, the demo accounts and hostile content', () => {
    for (const preset of ['small', 'default'] as const) {
      const { users, signInAccounts } = generateSeedData(preset, SEED);
      expect(users).toHaveLength(PRESETS[preset].userCount);
      expect(new Set(users.map((user) => user.id)).size).toBe(users.length);
      expect(new Set(users.map((user) => user.email)).size).toBe(users.length);
      for (const user of users) {
        userSchema.parse({ ...user, created_at: user.created_at.toISOString(), last_active_at: user.last_active_at?.toISOString() ?? null });
        expect(user.id).toMatch(/^usr_[0-9a-f]{20}$/);
      }
      expect(signInAccounts.map((account) => account.user_id)).toEqual(Object.values(DEMO_ACCOUNTS).map((account) => account.id));
      expect(signInAccounts.find((account) => account.user_id === DEMO_ACCOUNTS.member.id)?.admin_allowed).toBe(false);
      expect(signInAccounts.every((account) => !account.password_hash.includes('console-demo'))).toBe(true);

      const ids = new Set(users.map((user) => user.id));
      expect(users.filter((user) => user.account_type === 'agent').every((agent) => agent.creator_id && ids.has(agent.creator_id))).toBe(true);
      expect(users.some((user) => user.verified)).toBe(true);
      expect(users.some((user) => !user.verified)).toBe(true);
      expect(users.some((user) => user.idp_provider === 'okta')).toBe(true);
      expect(users.some((user) => user.idp_provider === 'google-workspace')).toBe(true);
      expect(users.some((user) => user.first_name?.includes('<img src=x onerror=alert(1)>'))).toBe(true);
      expect(users.some((user) => user.image_url?.startsWith('data:text/html,'))).toBe(true);
      expect(users.some((user) => user.last_name?.length === 5000)).toBe(true);
      expect(users.some((user) => user.first_name === null && user.last_name === null)).toBe(true);
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

  const renameOps = (running: RunningEmulator) =>
    running.database.sql.query("UPDATE users SET first_name = 'Changed' WHERE id = $1", [DEMO_ACCOUNTS.ops.id]);
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
    await renameOps(emulator);
    expect(await opsName(emulator)).toBe('Changed');
    await emulator.stop();
    emulator = await startTestEmulator({ dataDir });
    expect(emulator.startup.database.generated).toBe(false);
    expect(await opsName(emulator)).toBe(DEMO_ACCOUNTS.ops.firstName);
  });

  it('forgets changes on POST /__control/reset', async () => {
    if (!emulator) throw new Error('needs the emulator of the previous test');
    await renameOps(emulator);
    expect(await opsName(emulator)).toBe('Changed');
    const response = await fetch(new URL('/__control/reset', emulator.url), { method: 'POST' });
    expect(await response.json()).toEqual({ ok: true });
    expect(await opsName(emulator)).toBe(DEMO_ACCOUNTS.ops.firstName);
  });
});
