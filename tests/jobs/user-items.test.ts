/**
 * Bulk jobs whose items are users (mark verified) against the in-process emulator: the dry run
 * by ids and by the users list's filter (counts, already-verified users skipped, a sample with
 * names and e-mails), the run (one set_verified call per unverified user, none for the others),
 * per-item outcomes, the run's audit rows, and the users read back as verified.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleDb } from '@/lib/db';
import { startJob } from '@/lib/jobs/store';
import { planJob, planJobInputSchema, itemKindOf, targetStateOf } from '@/lib/jobs/plan';
import { jobActionsFor, kindNameOf, type UserSampleItem } from '@/lib/jobs/types';
import { type JobRunner, createServiceCredential, machineUpstream } from '@/lib/jobs/runner';
import { UpstreamClient } from '@/lib/upstream/client';
import { userSchema, type User } from '@/lib/upstream/contract';
import { listRecords } from '@/lib/upstream/ra';
import { BENCH_CLIENT_ID } from '../../emulator/config';
import type { RunningEmulator } from '../../emulator/server';
import { openTestDatabase, pgliteTestDriver, type TestDatabase } from '../db/drivers';
import { startTestEmulator } from '../support/emulator';
import { auditRowsFor, ended, itemsOf, OPS, testRunner, waitForJob } from './support/harness';

const setVerifiedPath = (id: string) => `/admin/user/set_verified/${encodeURIComponent(id)}`;

describe('item kinds', () => {
  it('maps each action to its kind and target state', () => {
    expect(kindNameOf('user.set_verified')).toBe('user');
    expect(kindNameOf('message.reprocess')).toBe('message');
    expect(jobActionsFor('user')).toEqual(['user.set_verified']);
    expect(jobActionsFor('message')).not.toContain('user.set_verified');
    expect(targetStateOf('user.set_verified', {})).toBe('verified');
    expect(targetStateOf('message.set_status', { status: 'paused' })).toBe('paused');
    expect(targetStateOf('message.reprocess', {})).toBeNull();
    expect(itemKindOf('user.set_verified').entity).toBe('users');
  });

  it('refuses a user job with parameters or without a selection', () => {
    expect(
      planJobInputSchema.safeParse({ action: 'user.set_verified', selection: { kind: 'ids', ids: ['usr_1'] } }).success,
    ).toBe(true);
    expect(
      planJobInputSchema.safeParse({
        action: 'user.set_verified',
        params: { status: 'x' },
        selection: { kind: 'ids', ids: ['usr_1'] },
      }).success,
    ).toBe(false);
    const empty = planJobInputSchema.safeParse({ action: 'user.set_verified', selection: { kind: 'ids', ids: [] } });
    expect(empty.success).toBe(false);
    const dots = planJobInputSchema.safeParse({ action: 'user.set_verified', selection: { kind: 'ids', ids: ['..'] } });
    expect(dots.error?.issues[0]?.message).toContain('user id');
  });
});

describe('bulk mark verified against the emulator', () => {
  let emulator: RunningEmulator;
  let database: TestDatabase;
  let db: ConsoleDb;
  let reader: UpstreamClient;
  const runners: JobRunner[] = [];

  const runner = () => {
    const started = testRunner(
      db,
      machineUpstream({
        baseUrl: emulator.url,
        credential: createServiceCredential({
          tokenUrl: `${emulator.url}/oauth/token`,
          clientId: BENCH_CLIENT_ID,
          clientSecret: emulator.config.benchClientSecret,
        }),
      }),
    );
    runners.push(started);
    return started;
  };

  async function users(filter: Record<string, unknown>, count: number): Promise<User[]> {
    const page = await listRecords(
      reader,
      'users',
      { sort: { field: 'id', order: 'ASC' }, range: { start: 0, end: count - 1 }, filter },
      userSchema,
    );
    return page.rows;
  }

  const callsTo = (path: string) => emulator.requestLog.list().filter((entry) => entry.path === path);

  beforeAll(async () => {
    emulator = await startTestEmulator();
    emulator.updateSettings({ rateLimitWrite: 1000, rateLimitRead: 1000 });
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

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await emulator.reset();
    emulator.updateSettings({ rateLimitWrite: 1000, rateLimitRead: 1000 });
    emulator.requestLog.clear();
  });

  afterAll(async () => {
    await database?.dispose();
    await emulator?.stop();
  });

  it('plans selected users: counts, already verified to skip, a sample with names and e-mails, unknown ids left out', async () => {
    const unverified = await users({ verified: false }, 3);
    const verified = await users({ verified: true }, 2);
    expect(unverified).toHaveLength(3);
    expect(verified).toHaveLength(2);
    const ids = [...unverified, ...verified].map((user) => user.id);
    const planned = await planJob({ db, upstream: reader }, OPS, {
      action: 'user.set_verified',
      selection: { kind: 'ids', ids: [...ids, 'usr_does_not_exist'] },
    });
    expect(planned.total).toBe(5);
    expect(planned.dryRun.alreadyAtTarget).toBe(2);
    expect(planned.dryRun.statusCounts).toEqual({ unverified: 3, verified: 2 });
    expect(planned.dryRun.notFound).toEqual(['usr_does_not_exist']);
    const sample = planned.dryRun.sample as UserSampleItem[];
    expect(sample).toHaveLength(5);
    for (const item of sample) {
      const user = [...unverified, ...verified].find((candidate) => candidate.id === item.id)!;
      expect(item).toMatchObject({
        kind: 'user',
        email: user.email,
        status: user.verified ? 'verified' : 'unverified',
      });
    }
    // A dry run sends nothing.
    expect(
      emulator.requestLog.list().filter((entry) => entry.path.startsWith('/admin/user/set_verified/')),
    ).toHaveLength(0);
  });

  it('runs: one call per unverified user, the verified ones skipped without a call, each outcome recorded and audited', async () => {
    const unverified = await users({ verified: false }, 4);
    const verified = await users({ verified: true }, 1);
    const ids = [...unverified, ...verified].map((user) => user.id);
    const planned = await planJob({ db, upstream: reader }, OPS, {
      action: 'user.set_verified',
      selection: { kind: 'ids', ids },
    });
    runner();
    await startJob(db, OPS, planned.jobId, planned.total);
    const job = await waitForJob(db, planned.jobId, ended);
    expect(job.status).toBe('completed');
    expect(job.counts).toMatchObject({ total: 5, ok: 4, skipped: 1, failed: 0 });
    for (const item of await itemsOf(db, planned.jobId)) {
      const wasVerified = verified.some((user) => user.id === item.item_id);
      expect(item).toMatchObject(
        wasVerified
          ? {
              status: 'skipped',
              status_before: 'verified',
              target_status: 'verified',
              sends: 0,
              error: 'already verified at the dry run',
            }
          : { status: 'ok', status_before: 'unverified', status_after: 'verified', sends: 1 },
      );
      expect(callsTo(setVerifiedPath(item.item_id))).toHaveLength(wasVerified ? 0 : 1);
    }
    const after = await listRecords(
      reader,
      'users',
      { range: { start: 0, end: ids.length - 1 }, filter: { id: ids } },
      userSchema,
    );
    expect(after.rows.every((user) => user.verified)).toBe(true);
    const audit = await auditRowsFor(db, planned.jobId);
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'user.set_verified',
        outcome: 'ok',
        operator_email: OPS.email,
        summary: 'completed: 4 ok, 0 failed, 1 skipped of 5',
      }),
    );
  });

  it('plans every user matching the list filter, read afresh', async () => {
    const reported = await listRecords(
      reader,
      'users',
      { range: { start: 0, end: 0 }, filter: { verified: false, account_type: 'human' } },
      userSchema,
    );
    const planned = await planJob(
      { db, upstream: reader },
      OPS,
      {
        action: 'user.set_verified',
        selection: { kind: 'filter', filter: { verified: false, account_type: 'human' } },
      },
      { pageSize: 7 },
    );
    expect(planned.total).toBe(reported.total);
    expect(planned.dryRun.reportedTotal).toBe(reported.total);
    expect(planned.dryRun.alreadyAtTarget).toBe(0);
    expect(planned.dryRun.statusCounts).toEqual({ unverified: reported.total });
  });
});
