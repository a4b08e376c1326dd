/**
 * The job runner against the in-process emulator (small preset) with the machine client:
 * exactly one call per message, injected 5xx (emulator/faults.ts: a faulted request is not
 * applied), pacing to a small write limit, 4xx, cancel, retry failed, set status and revert
 * (read back from the emulator), restart after a kill, and two runners on one PostgreSQL.
 * Skipped, with the reason in its name, on an emulator that does not serve messages.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openConsoleDb, type ConsoleDb } from '@/lib/db';
import { cancelJob, retryFailedItems, startJob } from '@/lib/jobs/store';
import { operationPath } from '@/lib/upstream/message-operations';
import { MESSAGES_ENTITY, planJob, planRevertJob } from '@/lib/jobs/plan';
import { type JobRunner, createServiceCredential, machineUpstream, type JobsUpstream } from '@/lib/jobs/runner';
import { UpstreamClient } from '@/lib/upstream/client';
import { messageSchema } from '@/lib/upstream/contract';
import { getRecord, listRecords } from '@/lib/upstream/ra';
import { findEntity } from '../../emulator/admin/entities';
import { BENCH_CLIENT_ID } from '../../emulator/config';
import type { RunningEmulator } from '../../emulator/server';
import { openTestDatabase, pgliteTestDriver, postgresTestDriver, type TestDatabase } from '../db/drivers';
import { startTestEmulator } from '../support/emulator';
import { ended, itemsOf, OPS, testRunner, waitForJob } from './support/harness';
import { CONTROL_HEADERS } from '../../emulator/control';

const postgres = postgresTestDriver();

const servesMessages = findEntity(MESSAGES_ENTITY) !== undefined;
const title = servesMessages
  ? 'job runner against the emulator'
  : 'job runner against the emulator (waits for the emulator to serve messages)';

describe.skipIf(!servesMessages)(title, () => {
  let emulator: RunningEmulator;
  let database: TestDatabase;
  let db: ConsoleDb;
  let reader: UpstreamClient;
  const runners: JobRunner[] = [];

  const upstream = (): JobsUpstream =>
    machineUpstream({
      baseUrl: emulator.url,
      credential: createServiceCredential({
        tokenUrl: `${emulator.url}/oauth/token`,
        clientId: BENCH_CLIENT_ID,
        clientSecret: emulator.config.benchClientSecret,
      }),
    });

  const runner = (overrides: Parameters<typeof testRunner>[2] = {}, on: ConsoleDb = db) => {
    const started = testRunner(on, upstream(), overrides);
    runners.push(started);
    return started;
  };

  async function setFaults(rules: Record<string, unknown>[]): Promise<void> {
    const response = await fetch(`${emulator.url}/__control/faults`, {
      method: 'POST',
      headers: { ...CONTROL_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ rules, seed: 7 }),
    });
    if (!response.ok) throw new Error(`POST /__control/faults answered ${response.status}: ${await response.text()}`);
  }

  /** Statuses a reprocess accepts (a deleted message answers 409). */
  const LIVE = { status: ['offline', 'paused', 'processing', 'scheduled', 'active', 'initializing', 'inprogress'] };

  /** The first `count` message ids in id order. */
  async function messageIds(count: number, filter: Record<string, unknown> = LIVE): Promise<string[]> {
    const page = await listRecords(
      reader,
      MESSAGES_ENTITY,
      { sort: { field: 'id', order: 'ASC' }, range: { start: 0, end: count - 1 }, filter },
      messageSchema,
    );
    return page.rows.map((row) => row.id);
  }

  /** The first `count` live messages that have HLS audio (createMP3 and recreateWaveform need it). */
  async function idsWithAudio(count: number): Promise<string[]> {
    const page = await listRecords(
      reader,
      MESSAGES_ENTITY,
      { sort: { field: 'id', order: 'ASC' }, range: { start: 0, end: 499 }, filter: LIVE },
      messageSchema,
    );
    return page.rows
      .filter((m) => m.audio_models?.some((model) => model.type === 'hls'))
      .slice(0, count)
      .map((m) => m.id);
  }

  const callsTo = (path: string) => emulator.requestLog.list().filter((entry) => entry.path === path);

  beforeAll(async () => {
    emulator = await startTestEmulator();
    database = await openTestDatabase(pgliteTestDriver);
    db = database.db;
    const credential = createServiceCredential({
      tokenUrl: `${emulator.url}/oauth/token`,
      clientId: BENCH_CLIENT_ID,
      clientSecret: emulator.config.benchClientSecret,
    });
    reader = new UpstreamClient({
      baseUrl: emulator.url,
      accessToken: (await credential.token()).accessToken,
      log: () => {},
    });
  });

  beforeEach(() => {
    // The emulator's default write limit (20/s) would make every test slow; the pacing test sets its own.
    emulator.updateSettings({ rateLimitWrite: 1000, rateLimitRead: 1000 });
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await fetch(`${emulator.url}/__control/faults`, { method: 'DELETE', headers: CONTROL_HEADERS }).catch(() => {});
    await emulator.reset();
    emulator.requestLog.clear();
  });

  afterAll(async () => {
    await database?.dispose();
    await emulator?.stop();
  });

  it('reprocesses every selected message with exactly one call each', async () => {
    const ids = await messageIds(40);
    const planned = await planJob({ db, upstream: reader }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'ids', ids },
    });
    expect(planned.total).toBe(ids.length);
    runner();
    await startJob(db, OPS, planned.jobId, planned.total);
    const job = await waitForJob(db, planned.jobId, ended);
    expect(job.counts).toMatchObject({ ok: ids.length, failed: 0 });
    for (const item of await itemsOf(db, planned.jobId)) {
      const calls = callsTo(operationPath('message.reprocess', item.item_id));
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ method: 'POST', status: 200, subject: BENCH_CLIENT_ID });
    }
  });

  it('plans a large explicit selection in lookups that fit in a URL', async () => {
    const ids = await messageIds(500);
    const planned = await planJob({ db, upstream: reader }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'ids', ids: [...ids, 'msg_does_not_exist'] },
    });
    expect(planned.total).toBe(500);
    expect(planned.dryRun.notFound).toEqual(['msg_does_not_exist']);
    const lookups = emulator.requestLog
      .list()
      .filter((entry) => entry.path === '/admin/ra/messages' && entry.query.includes('filter='));
    expect(Math.max(...lookups.map((entry) => entry.query.length))).toBeLessThan(8_000);
  });

  it('with 10% injected 5xx: nothing lost, nothing applied twice', async () => {
    // emulator/faults.ts: a faulted request never reaches its handler, so it changes nothing.
    const injected = await fetch(`${emulator.url}/__control/faults`, {
      method: 'POST',
      headers: { ...CONTROL_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({
        rules: [{ pattern: '^/admin/ra/message/[^/]+/reprocess$', errorRate: 0.1, status: 503 }],
        seed: 7,
      }),
    });
    expect(injected.status, await injected.clone().text()).toBe(200);
    const ids = await messageIds(100);
    const planned = await planJob({ db, upstream: reader }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'ids', ids },
    });
    runner();
    await startJob(db, OPS, planned.jobId, planned.total);
    const job = await waitForJob(db, planned.jobId, ended);
    expect(job.counts.ok + job.counts.failed).toBe(ids.length);
    for (const item of await itemsOf(db, planned.jobId)) {
      const calls = callsTo(operationPath('message.reprocess', item.item_id));
      expect(calls.filter((c) => c.status >= 200 && c.status < 300).length).toBe(item.status === 'ok' ? 1 : 0);
      expect(item.sends).toBe(calls.length);
      if (item.status === 'failed') expect(item.error).toMatch(/^server 5\d\d/);
    }
  });

  it('paces to a small write limit with at most a handful of 429s', async () => {
    emulator.updateSettings({ rateLimitWrite: 5, rateLimitWindowMs: 1000 });
    const ids = await messageIds(20);
    const planned = await planJob({ db, upstream: reader }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'ids', ids },
    });
    runner();
    const started = Date.now();
    await startJob(db, OPS, planned.jobId, planned.total);
    const job = await waitForJob(db, planned.jobId, ended, 20_000);
    expect(job.counts.ok).toBe(20);
    expect(emulator.requestLog.list().filter((entry) => entry.status === 429).length).toBeLessThanOrEqual(3);
    // Paced, not crawling (the 1.15 x budget is bench/jobs-throughput.ts's).
    expect(Date.now() - started).toBeGreaterThan(2_500);
    expect(Date.now() - started).toBeLessThan((20 / 5) * 2 * 1000);
  }, 30_000);

  it('sets statuses and a revert job restores them (read back from the emulator)', async () => {
    const ids = await messageIds(15);
    const before = new Map(
      await Promise.all(
        ids.map(async (id) => [id, (await getRecord(reader, MESSAGES_ENTITY, id, messageSchema)).status] as const),
      ),
    );
    const planned = await planJob({ db, upstream: reader }, OPS, {
      action: 'message.set_status',
      params: { status: 'paused' },
      selection: { kind: 'ids', ids },
    });
    runner();
    await startJob(db, OPS, planned.jobId, planned.total);
    await waitForJob(db, planned.jobId, ended);
    for (const id of ids) expect((await getRecord(reader, MESSAGES_ENTITY, id, messageSchema)).status).toBe('paused');
    const revert = await planRevertJob({ db, upstream: reader }, OPS, planned.jobId);
    await startJob(db, OPS, revert.jobId, revert.total);
    await waitForJob(db, revert.jobId, ended);
    for (const id of ids)
      expect((await getRecord(reader, MESSAGES_ENTITY, id, messageSchema)).status).toBe(before.get(id));
  });
  it('fails a 4xx at once with the service message (create MP3 of a message without HLS audio)', async () => {
    const page = await listRecords(
      reader,
      MESSAGES_ENTITY,
      { sort: { field: 'id', order: 'ASC' }, range: { start: 0, end: 499 }, filter: LIVE },
      messageSchema,
    );
    const hasHls = (m: (typeof page.rows)[number]) => m.audio_models?.some((model) => model.type === 'hls') ?? false;
    const without = page.rows
      .filter((m) => !hasHls(m))
      .slice(0, 2)
      .map((m) => m.id);
    const withAudio = (await idsWithAudio(8)).filter((id) => !without.includes(id));
    expect(without.length).toBeGreaterThan(0);
    const planned = await planJob({ db, upstream: reader }, OPS, {
      action: 'message.create_mp3',
      selection: { kind: 'ids', ids: [...without, ...withAudio] },
    });
    runner();
    await startJob(db, OPS, planned.jobId, planned.total);
    const job = await waitForJob(db, planned.jobId, ended);
    expect(job.counts).toMatchObject({ ok: withAudio.length, failed: without.length });
    for (const item of await itemsOf(db, planned.jobId)) {
      if (!without.includes(item.item_id)) continue;
      expect(item).toMatchObject({ status: 'failed', attempts: 0, sends: 1 });
      expect(item.error).toMatch(/^bad_request 409: message ".*" has no HLS audio/);
    }
  });

  it('cancel: pending items skipped, nothing sent after the requests in flight', async () => {
    emulator.updateSettings({ rateLimitWrite: 10, rateLimitWindowMs: 1000 });
    const ids = await messageIds(60);
    const planned = await planJob({ db, upstream: reader }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'ids', ids },
    });
    runner();
    await startJob(db, OPS, planned.jobId, planned.total);
    await waitForJob(db, planned.jobId, (job) => job.counts.ok >= 5);
    await cancelJob(db, OPS, planned.jobId);
    const job = await waitForJob(db, planned.jobId, ended);
    expect(job.status).toBe('cancelled');
    expect(job.counts.skipped).toBeGreaterThan(30);
    const reprocessCalls = () =>
      emulator.requestLog.list().filter((entry) => entry.path.endsWith('/reprocess') && entry.status === 200).length;
    const sent = reprocessCalls();
    expect(sent).toBe(job.counts.ok);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reprocessCalls()).toBe(sent);
  });

  it('fails items after the attempts with the reason; "retry failed" sends them again', async () => {
    await setFaults([{ pattern: '/recreateWaveform$', status: 502 }]);
    const ids = await idsWithAudio(5);
    const planned = await planJob({ db, upstream: reader }, OPS, {
      action: 'message.recreate_waveform',
      selection: { kind: 'ids', ids },
    });
    runner({ maxAttempts: 2 });
    await startJob(db, OPS, planned.jobId, planned.total);
    const failed = await waitForJob(db, planned.jobId, ended);
    expect(failed.counts.failed).toBe(5);
    const items = await itemsOf(db, planned.jobId);
    expect(items[0]).toMatchObject({ attempts: 2, sends: 2 });
    expect(items[0]?.error).toMatch(/^server 502: injected fault: GET .* \(2 attempts\)$/);
    await fetch(`${emulator.url}/__control/faults`, { method: 'DELETE', headers: CONTROL_HEADERS });
    await retryFailedItems(db, OPS, planned.jobId);
    const done = await waitForJob(db, planned.jobId, (job) => ended(job) && job.runs === 2);
    expect(done.counts).toMatchObject({ ok: 5, failed: 0 });
    for (const item of await itemsOf(db, planned.jobId)) {
      const calls = callsTo(operationPath('message.recreate_waveform', item.item_id));
      expect(calls.map((c) => c.status)).toEqual([502, 502, 200]);
      expect(item.sends).toBe(3);
    }
  });

  it('restart: after a kill, another runner resumes; finished messages are not sent again, in-flight ones at most twice', async () => {
    // Answers take 150 ms, so that requests are on the wire when the kill comes.
    await setFaults([{ pattern: '/reprocess$', latencyMs: 150 }]);
    const ids = await messageIds(60);
    const planned = await planJob({ db, upstream: reader }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'ids', ids },
    });
    const victim = runner({ instanceId: 'emulator-victim', leaseSeconds: 1 });
    await startJob(db, OPS, planned.jobId, planned.total);
    await waitForJob(db, planned.jobId, (job) => job.counts.ok >= 20);
    await victim.kill();
    const inFlightAtKill = new Set(
      (await itemsOf(db, planned.jobId)).filter((item) => item.status === 'in_flight').map((item) => item.item_id),
    );
    expect(inFlightAtKill.size).toBeGreaterThan(0);
    expect(inFlightAtKill.size).toBeLessThanOrEqual(4);
    runner({ instanceId: 'emulator-successor', leaseSeconds: 1 });
    const job = await waitForJob(db, planned.jobId, ended);
    expect(job.counts).toMatchObject({ ok: 60, failed: 0 });
    // Requests of the killed runner that were on the wire finish at the service after the kill.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const items = await itemsOf(db, planned.jobId);
    for (const item of items) {
      const calls = callsTo(operationPath('message.reprocess', item.item_id));
      expect(calls.length).toBeLessThanOrEqual(item.sends);
      if (inFlightAtKill.has(item.item_id)) {
        expect(calls.length).toBeLessThanOrEqual(2);
        expect(item.claims).toBe(2);
      } else {
        expect(calls).toHaveLength(1);
        expect(item).toMatchObject({ sends: 1, claims: 1 });
      }
    }
  });

  describe.skipIf(postgres.skipReason !== null)(`two runners on one ${postgres.title}`, () => {
    it('process every message exactly once, both taking part', async () => {
      await setFaults([{ pattern: '/reprocess$', latencyMs: 3 }]);
      const location = await postgres.migratedLocation();
      const first = await openConsoleDb(location.options);
      const second = await openConsoleDb(location.options);
      try {
        const ids = await messageIds(300);
        const planned = await planJob({ db: first, upstream: reader }, OPS, {
          action: 'message.reprocess',
          selection: { kind: 'ids', ids },
        });
        runner({ instanceId: 'pg-console-1', concurrency: 6 }, first);
        runner({ instanceId: 'pg-console-2', concurrency: 6 }, second);
        await startJob(first, OPS, planned.jobId, planned.total);
        const job = await waitForJob(second, planned.jobId, ended, 30_000);
        expect(job.counts).toMatchObject({ ok: 300, failed: 0 });
        const by = new Map<string, number>();
        for (const item of await itemsOf(first, planned.jobId)) {
          expect(callsTo(operationPath('message.reprocess', item.item_id))).toHaveLength(1);
          expect(item).toMatchObject({ sends: 1, claims: 1 });
          by.set(item.claimed_by ?? '', (by.get(item.claimed_by ?? '') ?? 0) + 1);
        }
        expect(by.get('pg-console-1')).toBeGreaterThan(30);
        expect(by.get('pg-console-2')).toBeGreaterThan(30);
      } finally {
        await Promise.all(runners.splice(0).map((r) => r.stop()));
        await first.close();
        await second.close();
        await location.remove();
      }
    });
  });
});
