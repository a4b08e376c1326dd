/** Helpers shared by the job tests. */
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
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, type FakeVoiceService } from './fake-voice';

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
