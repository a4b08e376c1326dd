/**
 * The stuck sampler against the emulator: two samplers (two consoles, each with its own pool) on
 * one PostgreSQL take each minute's slot once; a failed read is stored as a gap, not zero; an
 * open incident's scope is sampled beside the service; samples past the retention are pruned.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleDb, type ConsoleDb } from '@/lib/db';
import { openIncident, setIncidentStatus } from '@/lib/incidents/store';
import type { JobsUpstream } from '@/lib/jobs/runner';
import { slotOf, startStuckSampler, type StuckSampler } from '@/lib/stuck-trend/sampler';
import { claimSlot, pruneSamples, readTrend, recordCounts, recordGap } from '@/lib/stuck-trend/store';
import { incidentScopeKey, SERVICE_SCOPE } from '@/lib/stuck-trend/types';
import { stuckSamplerSettings } from '@/lib/stuck-trend/settings';
import { WATCHABLE_STATUSES } from '@/lib/triage/stuck-rules';
import { UpstreamClient } from '@/lib/upstream/client';
import type { RunningEmulator } from '../../emulator/server';
import { openTestDatabase, pgliteTestDriver, postgresTestDriver, type TestDatabase } from '../db/drivers';
import { benchToken, startTestEmulator } from '../support/emulator';

const MINUTE = 60_000;
/** A fixed clock well inside a minute, so that both samplers see the same slot. */
const T0 = Date.UTC(2026, 10, 20, 10, 0, 20);

function upstreamOf(baseUrl: string, accessToken: string): JobsUpstream {
  return {
    client: async () =>
      new UpstreamClient({ baseUrl, accessToken, log: () => undefined, readRetries: 0, timeoutMs: 2_000 }),
    refresh: () => undefined,
  };
}

function sampler(db: ConsoleDb, upstream: JobsUpstream, clock: { now: number }, instanceId: string): StuckSampler {
  // A tick far in the future: the test drives sampleOnce itself.
  return startStuckSampler({
    db,
    upstream,
    intervalMinutes: 1,
    retentionDays: 30,
    threshold: 15,
    instanceId,
    tickMs: 3_600_000,
    now: () => clock.now,
  });
}

let emulator: RunningEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  token = (await benchToken(emulator)).access_token;
});

afterAll(async () => {
  await emulator?.stop();
});

const postgres = postgresTestDriver();

describe.skipIf(postgres.skipReason !== null)(`two samplers on one ${postgres.title}`, () => {
  let first: ConsoleDb;
  let second: ConsoleDb;
  let remove: () => Promise<void>;
  const samplers: StuckSampler[] = [];

  beforeAll(async () => {
    const location = await postgres.migratedLocation();
    remove = location.remove;
    first = await openConsoleDb(location.options);
    second = await openConsoleDb(location.options);
  });

  afterAll(async () => {
    await Promise.all(samplers.map((each) => each.stop()));
    await first?.close();
    await second?.close();
    await remove?.();
  });

  it('take each minute once between them, and count every watched status', async () => {
    // Let the first tick each takes at start finish, then clear it away.
    const clock = { now: T0 };
    samplers.push(
      sampler(first, upstreamOf(emulator.url, token), clock, 'console-1'),
      sampler(second, upstreamOf(emulator.url, token), clock, 'console-2'),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await first.query(`DELETE FROM stuck_samples`);
    const owners: string[] = [];
    for (let minute = 0; minute < 4; minute++) {
      clock.now = T0 + minute * MINUTE;
      const [a, b] = await Promise.all(samplers.map((each) => each.sampleOnce()));
      expect([...a!, ...b!]).toEqual([SERVICE_SCOPE]);
      owners.push(a!.length === 1 ? 'console-1' : 'console-2');
    }
    const rows = await first.query<{ minute: Date; claimed_by: string; counts: Record<string, number> | null }>(
      `SELECT minute, claimed_by, counts FROM stuck_samples WHERE scope = '' ORDER BY minute`,
    );
    expect(rows.map((row) => row.minute.getTime())).toEqual(
      [0, 1, 2, 3].map((minute) => slotOf(T0 + minute * MINUTE, 1).getTime()),
    );
    expect(rows.map((row) => row.claimed_by)).toEqual(owners);
    for (const row of rows) {
      expect(Object.keys(row.counts ?? {}).sort()).toEqual([...WATCHABLE_STATUSES].sort());
      expect(Object.values(row.counts ?? {}).every((count) => Number.isInteger(count) && count >= 0)).toBe(true);
    }
    // The trend reads them back as they were written, in the same order.
    const trend = await readTrend(second, SERVICE_SCOPE, new Date(T0 - MINUTE), new Date(T0 + 4 * MINUTE));
    expect(trend.map((point) => [point.minute.getTime(), point.counts, point.error])).toEqual(
      rows.map((row) => [row.minute.getTime(), row.counts, null]),
    );
  });
});

describe('one sampler on PGlite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(pgliteTestDriver);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('stores a failed read as a gap with the error, never as zero', async () => {
    const clock = { now: T0 };
    // Nothing listens on port 9 (discard): every read fails.
    const broken = sampler(database.db, upstreamOf('http://127.0.0.1:9', token), clock, 'console-broken');
    await broken.stop();
    await database.db.query(`DELETE FROM stuck_samples`);
    expect(await broken.sampleOnce()).toEqual([SERVICE_SCOPE]);
    const [point] = await readTrend(database.db, SERVICE_SCOPE, new Date(T0 - MINUTE), new Date(T0 + MINUTE));
    expect(point).toMatchObject({ minute: slotOf(T0, 1), counts: null });
    expect(point!.error).toMatch(/network|fetch|ECONNREFUSED|timeout/i);
  });

  it("samples an unresolved incident's scope beside the service, and stops once it is resolved", async () => {
    const clock = { now: T0 + 10 * MINUTE };
    const incident = await openIncident(
      database.db,
      { id: 'usr_s', email: 'support@example.com' },
      {
        id: randomUUID(),
        title: 'Scoped',
        severity: 'sev3',
        scope: { workspaces: ['ws_does_not_exist'], channels: [], statuses: ['processing'] },
        affectedAtOpen: null,
      },
    );
    const each = sampler(database.db, upstreamOf(emulator.url, token), clock, 'console-1');
    // Its first tick at start took this minute already: start from an empty table.
    await each.stop();
    await database.db.query(`DELETE FROM stuck_samples`);
    expect((await each.sampleOnce()).sort()).toEqual([SERVICE_SCOPE, incidentScopeKey(incident.id)].sort());
    const [scoped] = await readTrend(
      database.db,
      incidentScopeKey(incident.id),
      new Date(clock.now - MINUTE),
      new Date(clock.now + MINUTE),
    );
    expect(scoped?.counts).toEqual({ processing: 0 });
    await setIncidentStatus(database.db, { id: 'usr_o', email: 'ops@example.com' }, incident.id, 'resolved');
    clock.now += MINUTE;
    expect(await each.sampleOnce()).toEqual([SERVICE_SCOPE]);
  });

  it('reads a scope back in [from, to), oldest first: counts, gaps with their error, and slots never filled', async () => {
    const scope = 'read-test';
    const minute = (offset: number) => new Date(T0 + offset * MINUTE);
    expect(await readTrend(database.db, scope, minute(0), minute(10))).toEqual([]);
    for (const offset of [3, 0, 1, 2, 5]) await claimSlot(database.db, minute(offset), scope, 'console-1');
    await recordCounts(database.db, minute(0), scope, { processing: 7, paused: 0 });
    await recordCounts(database.db, minute(3), scope, { processing: 2 });
    await recordGap(database.db, minute(1), scope, 'service answered 503');
    const points = await readTrend(database.db, scope, minute(0), minute(5));
    expect(points).toEqual([
      { minute: minute(0), counts: { processing: 7, paused: 0 }, error: null },
      { minute: minute(1), counts: null, error: 'service answered 503' },
      { minute: minute(2), counts: null, error: 'not sampled yet' },
      { minute: minute(3), counts: { processing: 2 }, error: null },
    ]);
  });

  it('prunes samples older than the retention and keeps the rest', async () => {
    const now = new Date(T0);
    const old = new Date(T0 - 31 * 24 * 60 * MINUTE);
    const recent = new Date(T0 - 29 * 24 * 60 * MINUTE);
    for (const minute of [old, recent]) {
      expect(await claimSlot(database.db, minute, 'retention-test', 'console-1')).toBe(true);
      await recordCounts(database.db, minute, 'retention-test', { processing: 1 });
    }
    expect(await claimSlot(database.db, recent, 'retention-test', 'console-2')).toBe(false);
    expect(await pruneSamples(database.db, 30, now)).toBeGreaterThanOrEqual(1);
    const left = await readTrend(database.db, 'retention-test', new Date(0), now);
    expect(left.map((point) => point.minute)).toEqual([recent]);
  });

  it('reads its settings from the environment, with defaults', () => {
    expect(stuckSamplerSettings({})).toEqual({ enabled: true, intervalMinutes: 1, retentionDays: 30 });
    expect(
      stuckSamplerSettings({
        STUCK_SAMPLING: 'off',
        STUCK_SAMPLE_INTERVAL_MINUTES: '5',
        STUCK_SAMPLE_RETENTION_DAYS: '7',
      }),
    ).toEqual({ enabled: false, intervalMinutes: 5, retentionDays: 7 });
    expect(stuckSamplerSettings({ STUCK_SAMPLE_INTERVAL_MINUTES: '0', STUCK_SAMPLE_RETENTION_DAYS: 'x' })).toEqual({
      enabled: true,
      intervalMinutes: 1,
      retentionDays: 30,
    });
  });
});
