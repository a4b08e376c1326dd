/** Helpers shared by the job tests. */
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import type { ConsoleDb } from '@/lib/db';
import { getJob, type JobDetail } from '@/lib/jobs/store';
import {
  startJobRunner,
  type JobRunner,
  type JobRunnerEvent,
  type JobRunnerOptions,
  createServiceCredential,
  machineUpstream,
  type JobsUpstream,
} from '@/lib/jobs/runner';
import type { JobActor, JobStatus } from '@/lib/jobs/types';
import { UpstreamClient } from '@/lib/upstream/client';
import { openTestDatabase, testDrivers, type TestDatabase } from '../../db/drivers';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FakeVoiceService } from './fake-voice';

export const OPS: JobActor = { id: 'usr_00000000000000000001', email: 'ops@example.com', role: 'ops' };

export function fakeUpstream(service: FakeVoiceService): JobsUpstream {
  return machineUpstream({
    baseUrl: service.url,
    credential: createServiceCredential({
      tokenUrl: service.tokenUrl,
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_CLIENT_SECRET,
    }),
    timeoutMs: 5_000,
  });
}

/** The client a dry run reads with (the operator's, in the app). */
export async function readerFor(service: FakeVoiceService): Promise<UpstreamClient> {
  const credential = createServiceCredential({
    tokenUrl: service.tokenUrl,
    clientId: FAKE_CLIENT_ID,
    clientSecret: FAKE_CLIENT_SECRET,
  });
  const { accessToken } = await credential.token();
  return new UpstreamClient({ baseUrl: service.url, accessToken, log: () => {} });
}

/** The database with every statement passed through `query` first (to count or fail some); transactions go straight through. */
export function interceptQueries(
  db: ConsoleDb,
  query: (sql: string, params: readonly unknown[] | undefined, run: () => Promise<unknown[]>) => Promise<unknown[]>,
): ConsoleDb {
  return {
    kind: db.kind,
    query: <T>(sql: string, params?: readonly unknown[]) =>
      query(sql, params, () => db.query(sql, params)) as Promise<T[]>,
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
}

/** A runner with test-friendly timing; events are collected. */
export function testRunner(
  db: ConsoleDb,
  upstream: JobsUpstream,
  overrides: Partial<JobRunnerOptions> = {},
): JobRunner & { events: JobRunnerEvent[] } {
  const events: JobRunnerEvent[] = [];
  const runner = startJobRunner({
    db,
    upstream,
    concurrency: 4,
    maxAttempts: 4,
    leaseSeconds: 2,
    pollIntervalMs: 50,
    retryBaseMs: 20,
    retryMaxMs: 200,
    log: (event) => {
      events.push(event);
      if (event.type === 'error') console.warn(`[runner ${overrides.instanceId ?? ''}] ${event.message}`);
    },
    ...overrides,
  });
  return Object.assign(runner, { events });
}

export async function waitForJob(
  db: ConsoleDb,
  jobId: string,
  until: (job: JobDetail) => boolean,
  timeoutMs = 25_000,
): Promise<JobDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await getJob(db, jobId);
    if (!job) throw new Error(`no job ${jobId}`);
    if (until(job)) return job;
    if (Date.now() > deadline)
      throw new Error(`job ${jobId} is still ${job.status} (${JSON.stringify(job.counts)}) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const ended = (job: { status: JobStatus }) => job.status === 'completed' || job.status === 'cancelled';

export async function auditRowsFor(db: ConsoleDb, jobId: string) {
  return db.query<{
    action: string;
    outcome: string;
    operator_email: string;
    operator_role: string;
    error_message: string | null;
    summary: string | null;
    params: Record<string, unknown>;
  }>(
    `SELECT action, outcome, operator_email, operator_role, error_message, summary, params FROM audit_log WHERE job_id = $1 ORDER BY id`,
    [jobId],
  );
}

export async function itemsOf(db: ConsoleDb, jobId: string) {
  return db.query<{
    seq: number;
    item_id: string;
    status: string;
    sends: number;
    claims: number;
    attempts: number;
    error: string | null;
    status_before: string | null;
    status_after: string | null;
    target_status: string | null;
    claimed_by: string | null;
  }>(
    `SELECT seq, item_id, status, sends, claims, attempts, error, status_before, status_after, target_status, claimed_by FROM bulk_job_items WHERE job_id = $1 ORDER BY seq`,
    [jobId],
  );
}

/** What a suite of describeJobSuite shares: the fake service, the console database, its runners. */
export interface JobTestbed {
  service: FakeVoiceService;
  db: ConsoleDb;
  /** Runners the tests started; each is stopped after its test. */
  runners: JobRunner[];
  /** Starts a runner on the testbed (stopped after the test). */
  runner(overrides?: Parameters<typeof testRunner>[2]): JobRunner;
}

/**
 * Declares `body` once per database driver (PGlite, PostgreSQL), each with a fake service of
 * `messages` messages and a fresh database, opened before the suite and closed after it; a
 * driver without a server is skipped with the reason in the suite's name. The testbed is filled
 * in before the suite's own beforeAll hooks run; runners started on it stop after each test.
 */
export function describeJobSuite(title: string, messages: number, body: (bed: JobTestbed) => void): void {
  describe.each(testDrivers())(`${title} on $title`, (driver) => {
    if (driver.skipReason !== null) {
      it.skip(`skipped: ${driver.skipReason}`, () => {});
      return;
    }
    const runners: JobRunner[] = [];
    const bed = {
      runners,
      runner: (overrides = {}) => {
        const started = testRunner(bed.db, fakeUpstream(bed.service), overrides);
        runners.push(started);
        return started;
      },
    } as Partial<JobTestbed> as JobTestbed;
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      bed.service = await new FakeVoiceService({ messages }).start();
      database = await openTestDatabase(driver);
      bed.db = database.db;
    });
    afterEach(async () => {
      await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    });
    afterAll(async () => {
      await bed.service?.stop();
      await database?.dispose();
    });
    body(bed);
  });
}
