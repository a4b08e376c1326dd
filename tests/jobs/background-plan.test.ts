/**
 * Dry runs read in the background, on PGlite and PostgreSQL: a filter matching more
 * than the inline limit is handed over after the request's first page and read by the runners
 * page by page; cancel stops it with nothing sent; a service failure stops it with the reason and
 * a retry reads on from the last page written; a runner that dies loses it with its lease and
 * another resumes it, a clean stop gives it back at once; nothing is stored twice.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleDb } from '@/lib/db';
import { planJob as planJobUnguarded, type PlanOptions, readPlanProgress, planSettings } from '@/lib/jobs/plan';
import { getJob, listJobs } from '@/lib/jobs/store';
import type { FakeVoiceService } from './support/fake-voice';
import { cancelJob, planJob, retryPlanning, startJob } from './support/guarded';
import { describeJobSuite, auditRowsFor, itemsOf, OPS, readerFor, waitForJob } from './support/harness';

const MESSAGES = 1_200;
const PAGE = 100;

describe('JOB_INLINE_PLAN_LIMIT and JOB_PLAN_PAGE_SIZE', () => {
  it('default to 2,000 and 500, and refuse what is not a whole number in range', () => {
    expect(planSettings({})).toEqual({ inlineLimit: 2000, pageSize: 500 });
    expect(planSettings({ JOB_INLINE_PLAN_LIMIT: '', JOB_PLAN_PAGE_SIZE: '' })).toEqual({
      inlineLimit: 2000,
      pageSize: 500,
    });
    expect(planSettings({ JOB_INLINE_PLAN_LIMIT: '50', JOB_PLAN_PAGE_SIZE: '10' })).toEqual({
      inlineLimit: 50,
      pageSize: 10,
    });
    expect(() => planSettings({ JOB_INLINE_PLAN_LIMIT: 'many' })).toThrow(/JOB_INLINE_PLAN_LIMIT/);
    expect(() => planSettings({ JOB_INLINE_PLAN_LIMIT: '-1' })).toThrow(/JOB_INLINE_PLAN_LIMIT/);
    expect(() => planSettings({ JOB_PLAN_PAGE_SIZE: '5000' })).toThrow(/JOB_PLAN_PAGE_SIZE/);
  });
});

describeJobSuite('background dry runs', MESSAGES, (bed) => {
  let service: FakeVoiceService;
  let db: ConsoleDb;
  const { runner } = bed;

  async function planLarge(options: PlanOptions = {}) {
    return planJobUnguarded(
      { db, upstream: await readerFor(service) },
      OPS,
      { action: 'message.reprocess', selection: { kind: 'filter', filter: {} } },
      { inlineLimit: PAGE, pageSize: PAGE, ...options },
    );
  }

  const reads = () => service.log.filter((line) => line.path === '/admin/ra/messages').length;
  const operations = () => service.log.filter((line) => line.path.startsWith('/admin/ra/message/')).length;
  const plansOf = async (jobId: string) => (await readPlanProgress(db, jobId))!;

  beforeAll(() => {
    ({ service, db } = bed);
  });
  beforeEach(async () => {
    service.seed(MESSAGES);
    service.log.length = 0;
    service.latencyMs = 0;
    service.failLists = 0;
    service.failListsStatus = 503;
    // Each test's runners see only its own job.
    await db.query(
      `UPDATE bulk_jobs SET status = 'cancelled' WHERE status IN ('planning', 'queued', 'running', 'cancelling')`,
    );
  });

  it('reads the first page in the request, hands the rest to a runner, and ends planned with every item once', async () => {
    const plan = await planLarge();
    expect(plan.background).toEqual({ reportedTotal: MESSAGES, found: PAGE });
    expect((await getJob(db, plan.jobId))?.status).toBe('planning');
    expect(reads()).toBe(1);
    // Listed while it reads, so the operator can find it again from the jobs list.
    expect((await listJobs(db)).rows.map((row) => [row.id, row.status])).toContainEqual([plan.jobId, 'planning']);
    runner({ instanceId: 'planner' });
    const planned = await waitForJob(db, plan.jobId, (job) => job.status === 'planned');
    expect((await listJobs(db)).rows.map((row) => [row.id, row.status])).toContainEqual([plan.jobId, 'planned']);
    expect(planned.total).toBe(MESSAGES);
    expect(planned.dryRun?.pages).toBe(MESSAGES / PAGE);
    expect(Object.values(planned.dryRun?.statusCounts ?? {}).reduce((a, b) => a + b, 0)).toBe(MESSAGES);
    expect(planned.dryRun?.sample).toHaveLength(20);
    const items = await itemsOf(db, plan.jobId);
    expect(new Set(items.map((item) => item.item_id)).size).toBe(MESSAGES);
    expect(new Set(items.map((item) => item.seq)).size).toBe(MESSAGES);
    expect(await plansOf(plan.jobId)).toMatchObject({
      state: 'done',
      pages: MESSAGES / PAGE,
      found: MESSAGES,
      claimedBy: null,
    });
    expect(reads()).toBe(MESSAGES / PAGE);
    expect(operations()).toBe(0);
    // The background read is audited as job.plan, as the operator who started it.
    expect(await auditRowsFor(db, plan.jobId)).toContainEqual(
      expect.objectContaining({
        action: 'job.plan',
        outcome: 'ok',
        operator_email: OPS.email,
        summary: `planned ${MESSAGES} items in the background (${MESSAGES / PAGE} pages)`,
      }),
    );
    // And it starts like any planned job.
    await startJob(db, OPS, plan.jobId, MESSAGES);
    expect((await getJob(db, plan.jobId))?.status).not.toBe('planned');
  });

  it('keeps a selection within the limit in the request, as before', async () => {
    const plan = await planLarge({ inlineLimit: MESSAGES });
    expect(plan.background).toBeNull();
    expect((await getJob(db, plan.jobId))?.status).toBe('planned');
    expect(await readPlanProgress(db, plan.jobId)).toBeNull();
    expect((await listJobs(db)).rows.map((row) => row.id)).not.toContain(plan.jobId);
  });

  it('the guarded action takes its limit from JOB_INLINE_PLAN_LIMIT and audits the hand-over', async () => {
    const before = process.env.JOB_INLINE_PLAN_LIMIT;
    process.env.JOB_INLINE_PLAN_LIMIT = '600';
    try {
      const plan = await planJob({ db, upstream: await readerFor(service) }, OPS, {
        action: 'message.reprocess',
        selection: { kind: 'filter', filter: {} },
      });
      expect(plan.background).toEqual({ reportedTotal: MESSAGES, found: 500 });
      expect(await auditRowsFor(db, plan.jobId)).toEqual([
        expect.objectContaining({
          action: 'job.plan',
          outcome: 'ok',
          summary: `planning in the background: ${MESSAGES} matching, 500 read so far`,
        }),
      ]);
      await cancelJob(db, OPS, plan.jobId);
    } finally {
      if (before === undefined) delete process.env.JOB_INLINE_PLAN_LIMIT;
      else process.env.JOB_INLINE_PLAN_LIMIT = before;
    }
  });

  it('cancel stops the read at its next page: the job ends cancelled, nothing is sent to the operations', async () => {
    service.latencyMs = 40;
    const plan = await planLarge();
    runner({ instanceId: 'planner' });
    await waitForPlan(plan.jobId, (progress) => progress.pages >= 3);
    const cancelled = await cancelJob(db, OPS, plan.jobId);
    expect(cancelled.job.status).toBe('cancelled');
    const readsAtCancel = reads();
    await new Promise((resolve) => setTimeout(resolve, 400));
    // At most the page already on the wire.
    expect(reads() - readsAtCancel).toBeLessThanOrEqual(1);
    const progress = await plansOf(plan.jobId);
    expect(progress.state).toBe('cancelled');
    expect(progress.pages).toBeLessThan(MESSAGES / PAGE);
    const items = await itemsOf(db, plan.jobId);
    expect(items.every((item) => item.status === 'skipped')).toBe(true);
    expect(operations()).toBe(0);
    expect((await getJob(db, plan.jobId))?.status).toBe('cancelled');
    await expect(retryPlanning(db, OPS, plan.jobId)).rejects.toMatchObject({ code: 'wrong_status' });
  });

  it('a service failure the retries do not cure stops it with the reason; retry reads on from the last page written', async () => {
    const plan = await planLarge();
    service.failLists = 1_000;
    service.failListsStatus = 400;
    runner({ instanceId: 'planner' });
    const failed = await waitForPlan(plan.jobId, (progress) => progress.state === 'failed');
    expect(failed.error).toMatch(/400/);
    expect(failed.pages).toBe(1);
    expect((await getJob(db, plan.jobId))?.status).toBe('planning');
    expect(await auditRowsFor(db, plan.jobId)).toContainEqual(
      expect.objectContaining({ action: 'job.plan', outcome: 'failed' }),
    );
    service.failLists = 0;
    await retryPlanning(db, OPS, plan.jobId);
    const planned = await waitForJob(db, plan.jobId, (job) => job.status === 'planned');
    expect(planned.total).toBe(MESSAGES);
    expect(new Set((await itemsOf(db, plan.jobId)).map((item) => item.item_id)).size).toBe(MESSAGES);
    expect(await auditRowsFor(db, plan.jobId)).toContainEqual(
      expect.objectContaining({ action: 'job.retry_plan', outcome: 'ok' }),
    );
  });

  it('retries a 503 on a page before giving up', async () => {
    const plan = await planLarge();
    service.failLists = 2;
    runner({ instanceId: 'planner' });
    const planned = await waitForJob(db, plan.jobId, (job) => job.status === 'planned');
    expect(planned.total).toBe(MESSAGES);
  });

  it('a runner that dies loses the read with its lease; another resumes it from the last page written', async () => {
    service.latencyMs = 30;
    const plan = await planLarge();
    const first = runner({ instanceId: 'doomed', leaseSeconds: 1 });
    await waitForPlan(plan.jobId, (progress) => progress.pages >= 3);
    await first.kill();
    const atKill = await plansOf(plan.jobId);
    expect(atKill.claimedBy).toBe('doomed');
    expect(atKill.state).toBe('reading');
    runner({ instanceId: 'heir', leaseSeconds: 1 });
    const planned = await waitForJob(db, plan.jobId, (job) => job.status === 'planned');
    expect(planned.total).toBe(MESSAGES);
    const items = await itemsOf(db, plan.jobId);
    expect(new Set(items.map((item) => item.item_id)).size).toBe(MESSAGES);
    expect(items).toHaveLength(MESSAGES);
    // Pages written before the kill were not read again: at most the one on the wire.
    expect(reads()).toBeLessThanOrEqual(MESSAGES / PAGE + 1);
  });

  it('a clean stop gives the read back at once', async () => {
    service.latencyMs = 30;
    const plan = await planLarge();
    const first = runner({ instanceId: 'leaving', leaseSeconds: 60 });
    await waitForPlan(plan.jobId, (progress) => progress.pages >= 2);
    await first.stop();
    expect((await plansOf(plan.jobId)).claimedBy).toBeNull();
    runner({ instanceId: 'next', leaseSeconds: 60 });
    const planned = await waitForJob(db, plan.jobId, (job) => job.status === 'planned', 10_000);
    expect(planned.total).toBe(MESSAGES);
  });

  async function waitForPlan(
    jobId: string,
    until: (progress: Awaited<ReturnType<typeof plansOf>>) => boolean,
    timeoutMs = 20_000,
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const progress = await plansOf(jobId);
      if (until(progress)) return progress;
      if (Date.now() > deadline)
        throw new Error(`plan of ${jobId} is ${JSON.stringify(progress)} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
});
