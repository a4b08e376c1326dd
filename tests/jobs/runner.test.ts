/**
 * The job engine end to end: dry run, start, runner, cancel, retry, revert, stop and restart
 * resume, on PGlite and on PostgreSQL, against the fake message service
 * (tests/jobs/support/fake-voice.ts), which controls what the emulator does not (token
 * revocation, exact fault counts, forced 429s). emulator.test.ts runs the same paths against the
 * emulator; two-runners.test.ts runs two runners on one PostgreSQL.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleDb } from '@/lib/db';
import { createSqlItemStore, type ItemStore } from '@/lib/jobs/runner';
import { operationPath } from '@/lib/upstream/message-operations';
import { planJob as planJobUnguarded } from '@/lib/jobs/plan';
import { getJob, itemsWithStatuses, jobItemsPage, latestJobs, listJobs, listRunners } from '@/lib/jobs/store';
import { JobCommandError } from '@/lib/jobs/types';
import type { FakeVoiceService } from './support/fake-voice';
import { cancelJob, planJob, planRevertJob, retryFailedItems, startJob } from './support/guarded';
import {
  describeJobSuite,
  auditRowsFor,
  ended,
  fakeUpstream,
  interceptQueries,
  itemsOf,
  OPS,
  readerFor,
  testRunner,
  waitForJob,
} from './support/harness';

describeJobSuite('job engine', 200, (bed) => {
  let service: FakeVoiceService;
  let db: ConsoleDb;
  const { runners, runner } = bed;

  async function plan(
    action: Parameters<typeof planJob>[2]['action'],
    selection: Parameters<typeof planJob>[2]['selection'],
    params?: unknown,
  ) {
    return planJob({ db, upstream: await readerFor(service) }, OPS, { action, selection, params });
  }

  beforeAll(() => {
    ({ service, db } = bed);
  });

  beforeEach(() => {
    service.seed(200);
    service.log.length = 0;
    service.faults = null;
    service.latencyMs = 0;
    service.rateLimitWrite = 1000;
    service.rateLimitWindowMs = 1000;
    service.unreadableAnswers = 0;
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    // Leave no job runnable for the next test's runners.
    await db.query(`UPDATE bulk_jobs SET status = 'cancelled' WHERE status IN ('queued', 'running', 'cancelling')`);
  });

  describe('dry run', () => {
    it('counts the filter exactly, samples the first items with their status, and stores a planned job', async () => {
      const planned = await plan('message.reprocess', { kind: 'filter', filter: { status: 'processing' } });
      expect(planned.total).toBe(40);
      expect(planned.dryRun.reportedTotal).toBe(40);
      expect(planned.dryRun.sample).toHaveLength(20);
      expect(planned.dryRun.sample[0]).toMatchObject({ messageGuid: 'msg_000000', status: 'processing' });
      expect(planned.dryRun.statusCounts).toEqual({ processing: 40 });
      const job = await getJob(db, planned.jobId);
      expect(job).toMatchObject({ status: 'planned', total: 40, counts: { pending: 40 } });
      // Nothing was sent to the operations.
      expect(
        service.log.filter((entry) => entry.path.startsWith('/admin/') && entry.path !== '/admin/ra/messages'),
      ).toEqual([]);
      // An unconfirmed dry run planned inside the request is not in the jobs list.
      expect((await listJobs(db)).rows.map((row) => row.id)).not.toContain(planned.jobId);
    });

    it('reads every page of a large selection (no cap), and lists explicit ids the service does not know', async () => {
      const all = await planJobUnguarded(
        { db, upstream: await readerFor(service) },
        OPS,
        { action: 'message.reprocess', selection: { kind: 'filter', filter: {} } },
        { pageSize: 30 },
      );
      expect(all.total).toBe(200);
      expect(all.dryRun.pages).toBe(7);
      const byIds = await plan('message.recreate_waveform', {
        kind: 'ids',
        ids: ['msg_000003', 'msg_000001', 'nope_1', 'msg_000003'],
      });
      expect(byIds.total).toBe(2);
      expect(byIds.dryRun.notFound).toEqual(['nope_1']);
    });

    it('refuses bad input as a JobCommandError and audits the plan', async () => {
      await expect(plan('message.set_status', { kind: 'filter', filter: {} }, { status: '' })).rejects.toBeInstanceOf(
        JobCommandError,
      );
      const planned = await plan('message.set_status', { kind: 'ids', ids: ['msg_000001'] }, { status: 'active' });
      const audit = await auditRowsFor(db, planned.jobId);
      expect(audit).toEqual([
        expect.objectContaining({ action: 'job.plan', outcome: 'ok', operator_email: OPS.email, operator_role: 'ops' }),
      ]);
    });

    it('starts only with the count the dry run showed', async () => {
      const planned = await plan('message.reprocess', { kind: 'filter', filter: { status: 'paused' } });
      await expect(startJob(db, OPS, planned.jobId, planned.total + 1)).rejects.toMatchObject({
        code: 'count_mismatch',
      });
      expect((await getJob(db, planned.jobId))?.status).toBe('planned');
      const audit = await auditRowsFor(db, planned.jobId);
      expect(audit.at(-1)).toMatchObject({ action: 'job.start', outcome: 'failed' });
    });
  });

  describe('runner', () => {
    it('reprocesses every selected message exactly once and audits the run', async () => {
      const planned = await plan('message.reprocess', {
        kind: 'filter',
        filter: { status: ['processing', 'inprogress'] },
      });
      expect(planned.total).toBe(80);
      const r = runner({ instanceId: 'runner-a' });
      await startJob(db, OPS, planned.jobId, planned.total);
      const job = await waitForJob(db, planned.jobId, ended);
      expect(job).toMatchObject({
        status: 'completed',
        counts: { total: 80, ok: 80, failed: 0, skipped: 0, pending: 0, inFlight: 0 },
        progress: 1,
        runs: 1,
      });
      const items = await itemsOf(db, planned.jobId);
      for (const item of items) {
        expect(service.callsFor(operationPath('message.reprocess', item.item_id))).toHaveLength(1);
        expect(item).toMatchObject({
          status: 'ok',
          sends: 1,
          claims: 1,
          status_after: 'processing',
          claimed_by: 'runner-a',
        });
      }
      // Only the selection was touched.
      expect(service.log.filter((entry) => entry.path.endsWith('/reprocess'))).toHaveLength(80);
      const audit = await auditRowsFor(db, planned.jobId);
      expect(audit.map((row) => `${row.action}:${row.outcome}`)).toEqual([
        'job.plan:ok',
        'job.start:ok',
        'message.reprocess:ok',
      ]);
      expect(audit[2]).toMatchObject({
        operator_email: OPS.email,
        operator_role: 'ops',
        summary: 'completed: 80 ok, 0 failed, 0 skipped of 80',
      });
      expect(r.stats().sends).toBe(80);
      expect((await listJobs(db)).rows[0]).toMatchObject({ id: planned.jobId, counts: { ok: 80 } });
      // The dashboard's cards read the same rows without the total.
      expect(await latestJobs(db, { statuses: ['completed'], limit: 5 })).toEqual(
        (await listJobs(db, { statuses: ['completed'], limit: 5 })).rows,
      );
      expect((await listRunners(db, 2)).find((info) => info.instanceId === 'runner-a')?.alive).toBe(true);
      // Completed, its counts are stored and read back, not counted again: an item row changed
      // behind the job's back (nothing in the console does that) does not show.
      const [stored] = await db.query<{ final_counts: unknown }>(`SELECT final_counts FROM bulk_jobs WHERE id = $1`, [
        planned.jobId,
      ]);
      expect(stored?.final_counts).toMatchObject({ item_total: 80, ok: 80, failed: 0, revertible: 0 });
      // Ended, its rate is over its own run, not its items spread over the rate window.
      const [run] = await db.query<{ seconds: number }>(
        `SELECT extract(epoch FROM finished_at - started_at)::float8 AS seconds FROM bulk_jobs WHERE id = $1`,
        [planned.jobId],
      );
      const { rate } = (await getJob(db, planned.jobId, { rateWindowSeconds: 600 }))!;
      expect(rate).toMatchObject({ wholeRun: true, items: 80, windowSeconds: Math.max(1, run!.seconds) });
      expect(rate.itemsPerSecond).toBeCloseTo(80 / Math.max(1, run!.seconds));
      await db.query(`UPDATE bulk_job_items SET status = 'failed' WHERE job_id = $1 AND seq = 1`, [planned.jobId]);
      expect((await listJobs(db)).rows[0]?.counts).toMatchObject({ ok: 80, failed: 0 });
      expect((await getJob(db, planned.jobId))?.counts).toMatchObject({ ok: 80, failed: 0 });
    });

    it('with 10% injected 5xx: nothing lost, nothing applied twice, retries recorded in sends', async () => {
      service.faults = { rate: 0.1, status: 503 };
      const planned = await plan('message.reprocess', { kind: 'filter', filter: {} });
      // Every 10th request overall is faulted; with 4 workers interleaving, one item's retries can
      // keep landing on the faulted slot, so allow more attempts than the 4 that would fail it.
      runner({ maxAttempts: 10 });
      await startJob(db, OPS, planned.jobId, planned.total);
      const job = await waitForJob(db, planned.jobId, ended);
      expect(job.counts).toMatchObject({ total: 200, ok: 200, failed: 0 });
      let faulted = 0;
      for (const item of await itemsOf(db, planned.jobId)) {
        const calls = service.callsFor(operationPath('message.reprocess', item.item_id));
        // A faulted request is not applied: exactly one applied call per message...
        expect(calls.filter((c) => c.status === 200)).toHaveLength(1);
        // ...and every request the service saw is counted in sends.
        expect(item.sends).toBe(calls.length);
        expect(item.attempts).toBe(calls.length - 1);
        faulted += calls.length - 1;
      }
      expect(faulted).toBeGreaterThanOrEqual(20);
    });

    it('fails an item after JOBS_MAX_ATTEMPTS 5xx with the reason, and "retry failed" runs them again', async () => {
      service.faults = { rate: 1, status: 502 };
      const planned = await plan('message.recreate_waveform', {
        kind: 'ids',
        ids: ['msg_000010', 'msg_000011', 'msg_000012'],
      });
      runner({ maxAttempts: 3 });
      await startJob(db, OPS, planned.jobId, planned.total);
      const failed = await waitForJob(db, planned.jobId, ended);
      expect(failed.counts).toMatchObject({ failed: 3, ok: 0 });
      const rows = await jobItemsPage(db, planned.jobId, { status: 'failed' });
      expect(rows[0]).toMatchObject({ attempts: 3, sends: 3, upstreamStatus: 502 });
      expect(rows[0]?.error).toMatch(/^server 502: injected fault \[request [0-9a-f-]+\] \(3 attempts\)$/);
      expect(rows[0]?.upstreamRequestId).toMatch(/^[0-9a-f-]{36}$/);

      service.faults = null;
      const retried = await retryFailedItems(db, OPS, planned.jobId);
      expect(retried).toMatchObject({ retried: 3, job: { status: 'queued' } });
      const done = await waitForJob(db, planned.jobId, (job) => ended(job) && job.runs === 2);
      expect(done.counts).toMatchObject({ ok: 3, failed: 0 });
      const items = await itemsOf(db, planned.jobId);
      expect(items.every((item) => item.sends === 4 && item.error === null)).toBe(true);
      const audit = await auditRowsFor(db, planned.jobId);
      expect(audit.map((row) => `${row.action}:${row.outcome}`)).toEqual([
        'job.plan:ok',
        'job.start:ok',
        'message.recreate_waveform:failed',
        'job.retry_failed:ok',
        'message.recreate_waveform:ok',
      ]);
      await expect(retryFailedItems(db, OPS, planned.jobId)).rejects.toMatchObject({ code: 'nothing_to_retry' });
    });

    it('fails a 4xx at once with the service message (create MP3 without HLS audio)', async () => {
      const ids = Array.from({ length: 50 }, (_, i) => `msg_${String(i).padStart(6, '0')}`);
      const planned = await plan('message.create_mp3', { kind: 'ids', ids });
      runner();
      await startJob(db, OPS, planned.jobId, planned.total);
      const job = await waitForJob(db, planned.jobId, ended);
      expect(job.counts).toMatchObject({ ok: 48, failed: 2 });
      const rows = await jobItemsPage(db, planned.jobId, { status: 'failed' });
      expect(rows.map((row) => row.itemId)).toEqual(['msg_000024', 'msg_000049']);
      expect(rows[0]).toMatchObject({ attempts: 0, sends: 1, upstreamStatus: 400 });
      expect(rows[0]?.error).toContain('bad_request 400: the message has no HLS audio');
    });

    it('paces to a small rate limit with at most a handful of 429s', async () => {
      service.rateLimitWrite = 10;
      const planned = await plan('message.reprocess', { kind: 'filter', filter: { workspace_guid: 'wsp_1' } });
      expect(planned.total).toBe(67);
      const r = runner({ concurrency: 4 });
      const started = Date.now();
      await startJob(db, OPS, planned.jobId, planned.total);
      const job = await waitForJob(db, planned.jobId, ended, 20_000);
      const seconds = (Date.now() - started) / 1000;
      expect(job.counts.ok).toBe(67);
      const tooMany = service.log.filter((entry) => entry.status === 429).length;
      expect(tooMany).toBeLessThanOrEqual(3);
      expect(r.stats().answers['429'] ?? 0).toBe(tooMany);
      // 67 requests at 10 per second: just under 7 windows. (The 1.15 x budget is checked by
      // bench/jobs-throughput.ts; here only that it paces and does not crawl.)
      expect(seconds).toBeGreaterThan(5.5);
      expect(seconds).toBeLessThan((67 / 10) * 2);
    }, 30_000);

    it('waits for the reset after a 429 and sends the item again (it was not applied)', async () => {
      // Another client used the window up: the runner's first requests get 429s.
      service.forceRateLimited = 2;
      const planned = await plan('message.reprocess', {
        kind: 'ids',
        ids: ['msg_000001', 'msg_000002', 'msg_000003', 'msg_000004', 'msg_000005'],
      });
      const r = runner();
      const started = Date.now();
      await startJob(db, OPS, planned.jobId, planned.total);
      const job = await waitForJob(db, planned.jobId, ended, 10_000);
      expect(job.counts.ok).toBe(5);
      expect(r.stats().answers['429']).toBe(2);
      // Each 429 made the runner wait for the window's reset (the next second boundary at least once).
      expect(Date.now() - started).toBeGreaterThan(300);
      for (const item of await itemsOf(db, planned.jobId)) {
        const calls = service.callsFor(operationPath('message.reprocess', item.item_id));
        expect(calls.filter((c) => c.status === 200)).toHaveLength(1);
        expect(item.sends).toBe(calls.length);
        expect(item.attempts).toBe(0);
      }
    });

    it('refreshes the machine token once after a 401 and goes on', async () => {
      service.latencyMs = 5;
      const planned = await plan('message.reprocess', { kind: 'filter', filter: { status: 'active' } });
      runner();
      await startJob(db, OPS, planned.jobId, planned.total);
      await waitForJob(db, planned.jobId, (job) => job.counts.ok >= 10);
      service.revokeTokens();
      const job = await waitForJob(db, planned.jobId, ended);
      expect(job.counts).toMatchObject({ ok: 40, failed: 0 });
      expect(service.log.filter((entry) => entry.status === 401).length).toBeGreaterThan(0);
    });
  });

  describe('set status and revert', () => {
    it('skips messages already at the target, records status_before, and a revert job restores every status', async () => {
      const ids = Array.from({ length: 30 }, (_, i) => `msg_${String(i).padStart(6, '0')}`);
      const before = new Map(ids.map((id) => [id, service.messages.get(id)!.status]));
      const planned = await plan('message.set_status', { kind: 'ids', ids }, { status: 'active' });
      expect(planned.dryRun.alreadyAtTarget).toBe(6);
      runner();
      await startJob(db, OPS, planned.jobId, planned.total);
      const job = await waitForJob(db, planned.jobId, ended);
      expect(job.counts).toMatchObject({ ok: 24, skipped: 6 });
      expect(job.revertibleItems).toBe(24);
      const [stored] = await db.query<{ final_counts: unknown }>(`SELECT final_counts FROM bulk_jobs WHERE id = $1`, [
        planned.jobId,
      ]);
      expect(stored?.final_counts).toMatchObject({ ok: 24, skipped: 6, revertible: 24 });
      // The job page's item totals come from the counts; they match counting the items.
      for (const status of [undefined, 'skipped', 'ok', 'failed', ['ok', 'skipped']] as const) {
        const statuses = status === undefined ? null : [status].flat();
        const [counted] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM bulk_job_items WHERE job_id = $1 AND ($2::text[] IS NULL OR status = ANY($2::text[]))`,
          [planned.jobId, statuses],
        );
        expect(itemsWithStatuses(job.counts, status)).toBe(counted?.n);
      }
      expect(itemsWithStatuses(job.counts, ['ok', 'skipped'])).toBe(30);
      expect(ids.every((id) => service.messages.get(id)!.status === 'active')).toBe(true);
      // Skipped without a call.
      expect(service.callsFor(operationPath('message.set_status', 'msg_000001', 'active'))).toHaveLength(0);

      const revert = await planRevertJob({ db, upstream: await readerFor(service) }, OPS, planned.jobId);
      expect(revert).toMatchObject({
        total: 24,
        revertsJobId: planned.jobId,
        dryRun: { changedSince: 0, statusCounts: { active: 24 } },
      });
      await startJob(db, OPS, revert.jobId, revert.total);
      const reverted = await waitForJob(db, revert.jobId, ended);
      expect(reverted.counts).toMatchObject({ ok: 24 });
      for (const id of ids) expect(service.messages.get(id)!.status).toBe(before.get(id));
      expect((await getJob(db, planned.jobId))?.reverts).toEqual([
        expect.objectContaining({ id: revert.jobId, status: 'completed' }),
      ]);
      const audit = await auditRowsFor(db, revert.jobId);
      expect(audit.map((row) => `${row.action}:${row.outcome}`)).toEqual([
        'job.plan_revert:ok',
        'job.start:ok',
        'message.set_status:ok',
      ]);
      expect(audit[2]?.params).toMatchObject({ revertsJobId: planned.jobId });

      // The job page reads the stored number: an item changed behind the job's back (nothing in
      // the console does that) does not show, until a job completed before it was stored is counted.
      await db.query(
        `UPDATE bulk_job_items SET status_after = status_before WHERE job_id = $1 AND seq = (SELECT min(seq) FROM bulk_job_items WHERE job_id = $1 AND status = 'ok')`,
        [planned.jobId],
      );
      expect((await getJob(db, planned.jobId))?.revertibleItems).toBe(24);
      await db.query(`UPDATE bulk_jobs SET final_counts = final_counts - 'revertible' WHERE id = $1`, [planned.jobId]);
      expect((await getJob(db, planned.jobId))?.revertibleItems).toBe(23);
    });

    it('refuses to revert a job that did not set statuses or has not ended', async () => {
      const planned = await plan('message.reprocess', { kind: 'ids', ids: ['msg_000001'] });
      await expect(planRevertJob({ db, upstream: await readerFor(service) }, OPS, planned.jobId)).rejects.toMatchObject(
        { code: 'not_revertible' },
      );
    });
  });

  describe('cancel', () => {
    it('skips pending items, lets in-flight requests finish, and sends nothing more', async () => {
      service.rateLimitWrite = 20;
      const planned = await plan('message.reprocess', { kind: 'filter', filter: {} });
      runner();
      await startJob(db, OPS, planned.jobId, planned.total);
      await waitForJob(db, planned.jobId, (job) => job.counts.ok >= 10);
      const result = await cancelJob(db, OPS, planned.jobId);
      expect(['cancelling', 'cancelled']).toContain(result.job.status);
      const job = await waitForJob(db, planned.jobId, ended);
      expect(job.status).toBe('cancelled');
      expect(job.counts.pending + job.counts.inFlight).toBe(0);
      expect(job.counts.ok + job.counts.skipped).toBe(200);
      expect(job.counts.skipped).toBeGreaterThan(100);
      const sent = service.log.filter((entry) => entry.path.endsWith('/reprocess')).length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(service.log.filter((entry) => entry.path.endsWith('/reprocess')).length).toBe(sent);
      expect(sent).toBe(job.counts.ok);
      const rows = await jobItemsPage(db, planned.jobId, { status: 'skipped', limit: 1 });
      // Pending items name who cancelled; claimed ones that were not sent yet say "cancelled".
      expect(rows[0]?.error).toMatch(/^cancelled/);
      expect(
        (await jobItemsPage(db, planned.jobId, { status: 'skipped', limit: 500 })).filter(
          (row) => row.error === `cancelled by ${OPS.email}`,
        ).length,
      ).toBeGreaterThan(100);
      await expect(cancelJob(db, OPS, planned.jobId)).rejects.toMatchObject({ code: 'wrong_status' });
      const audit = await auditRowsFor(db, planned.jobId);
      // The run's intent was written when it started; its outcome says it was cancelled.
      // The refused second cancel is audited too.
      expect(audit.map((row) => `${row.action}:${row.outcome}`)).toEqual([
        'job.plan:ok',
        'job.start:ok',
        'message.reprocess:failed',
        'job.cancel:ok',
        'job.cancel:failed',
      ]);
      expect(audit[2]?.summary).toMatch(/^cancelled: /);
    });

    it('discards a planned job', async () => {
      const planned = await plan('message.reprocess', { kind: 'ids', ids: ['msg_000001'] });
      const result = await cancelJob(db, OPS, planned.jobId);
      expect(result).toMatchObject({ job: { status: 'cancelled' }, skipped: 1, inFlight: 0 });
    });
  });

  describe('answers and writes that go wrong', () => {
    it('records an operation the service applied but answered unreadably as ok, so it is neither retried nor left out of a revert', async () => {
      service.unreadableAnswers = 3;
      const planned = await plan(
        'message.set_status',
        { kind: 'ids', ids: ['msg_000001', 'msg_000002', 'msg_000003', 'msg_000005'] },
        { status: 'paused' },
      );
      runner();
      await startJob(db, OPS, planned.jobId, planned.total);
      const job = await waitForJob(db, planned.jobId, ended);
      expect(job.counts).toMatchObject({ ok: 4, failed: 0 });
      const items = await itemsOf(db, planned.jobId);
      expect(
        items.filter((item) => item.error?.startsWith('applied, but the answer did not match the contract')),
      ).toHaveLength(3);
      for (const item of items)
        expect(service.callsFor(operationPath('message.set_status', item.item_id, 'paused'))).toHaveLength(1);
    });

    it('never sends an item again because its outcome could not be written at once', async () => {
      const planned = await plan('message.reprocess', { kind: 'ids', ids: ['msg_000006', 'msg_000007'] });
      // The first two outcome writes fail (a database hiccup); the retried write succeeds.
      let failures = 2;
      const store = createSqlItemStore(db);
      const flaky: ItemStore = {
        ...store,
        finish: (item, outcome) => {
          if (failures > 0) {
            failures--;
            return Promise.reject(new Error('connection reset'));
          }
          return store.finish(item, outcome);
        },
      };
      const hiccup = testRunner(db, fakeUpstream(service), { instanceId: 'hiccup', store: flaky });
      runners.push(hiccup);
      await startJob(db, OPS, planned.jobId, planned.total);
      const job = await waitForJob(db, planned.jobId, ended);
      expect(job.counts).toMatchObject({ ok: 2, failed: 0 });
      expect(failures).toBe(0);
      for (const id of ['msg_000006', 'msg_000007'])
        expect(service.callsFor(operationPath('message.reprocess', id))).toHaveLength(1);
    });

    it('refuses to start a dry run older than its validity, asking for a new one', async () => {
      const planned = await plan('message.reprocess', { kind: 'ids', ids: ['msg_000008'] });
      await db.query(`UPDATE bulk_jobs SET planned_at = now() - interval '31 minutes' WHERE id = $1`, [planned.jobId]);
      await expect(startJob(db, OPS, planned.jobId, planned.total)).rejects.toMatchObject({ code: 'stale' });
      expect((await getJob(db, planned.jobId))?.status).toBe('planned');
    });
  });

  describe('idle', () => {
    it('only reads while there is no work: one heartbeat and one clean-up per quarter lease', async () => {
      const statements: string[] = [];
      const counting = interceptQueries(db, (sql, _params, run) => {
        statements.push(sql.trim().split(/\s+/)[0]!.toUpperCase());
        return run();
      });
      const idle = testRunner(counting, fakeUpstream(service), {
        instanceId: 'idle',
        leaseSeconds: 8,
        pollIntervalMs: 50,
      });
      runners.push(idle);
      await idle.ready;
      await new Promise((resolve) => setTimeout(resolve, 600));
      const writes = statements.filter((verb) => verb !== 'SELECT');
      // Ticks at 50 ms for 600 ms: every one reads, but the writes are the first tick's only
      // (heartbeat, recovery, cancelled-job clean-up, stale-plan removal).
      expect(statements.filter((verb) => verb === 'SELECT').length).toBeGreaterThanOrEqual(10);
      expect(writes).toEqual(['INSERT', 'UPDATE', 'UPDATE', 'DELETE']);
    });
  });

  describe('stop and restart', () => {
    it('a clean stop finishes requests on the wire and puts everything else back', async () => {
      service.rateLimitWrite = 20;
      service.latencyMs = 20;
      const planned = await plan('message.reprocess', { kind: 'filter', filter: {} });
      const first = runner({ instanceId: 'stopper' });
      await startJob(db, OPS, planned.jobId, planned.total);
      await waitForJob(db, planned.jobId, (job) => job.counts.ok >= 10);
      await first.stop();
      const paused = await getJob(db, planned.jobId);
      expect(paused?.counts.inFlight).toBe(0);
      expect(paused?.status).toBe('running');
      const sent = service.log.filter((entry) => entry.path.endsWith('/reprocess')).length;
      expect(sent).toBe(paused?.counts.ok);
      // Another runner resumes at once (no lease to wait for).
      service.rateLimitWrite = 1000;
      runner({ instanceId: 'successor' });
      const job = await waitForJob(db, planned.jobId, ended);
      expect(job.counts.ok).toBe(200);
      for (const item of await itemsOf(db, planned.jobId))
        expect(service.callsFor(operationPath('message.reprocess', item.item_id))).toHaveLength(1);
    });

    it('after a kill, another runner resumes after the lease: finished items are not sent again, in-flight ones at most twice', async () => {
      service.latencyMs = 40;
      const planned = await plan('message.reprocess', { kind: 'filter', filter: {} });
      const victim = runner({ instanceId: 'victim', leaseSeconds: 1 });
      await startJob(db, OPS, planned.jobId, planned.total);
      await waitForJob(db, planned.jobId, (job) => job.counts.ok >= 50);
      await victim.kill();
      const atKill = await itemsOf(db, planned.jobId);
      const inFlightAtKill = new Set(atKill.filter((item) => item.status === 'in_flight').map((item) => item.item_id));
      const finishedAtKill = atKill.filter((item) => item.status === 'ok').map((item) => item.item_id);
      expect(inFlightAtKill.size).toBeGreaterThan(0);
      expect(inFlightAtKill.size).toBeLessThanOrEqual(4);

      const started = Date.now();
      const successor = runner({ instanceId: 'successor-2', leaseSeconds: 1 });
      const job = await waitForJob(db, planned.jobId, ended);
      expect(job.counts).toMatchObject({ ok: 200, failed: 0 });
      // The victim's items waited for its heartbeat to go stale (one lease).
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(successor.stats().itemsRecovered).toBe(inFlightAtKill.size);
      const items = await itemsOf(db, planned.jobId);
      for (const item of items) {
        const calls = service.callsFor(operationPath('message.reprocess', item.item_id)).length;
        expect(calls).toBeLessThanOrEqual(item.sends);
        if (inFlightAtKill.has(item.item_id)) {
          expect(calls).toBeLessThanOrEqual(2);
          expect(item.claims).toBe(2);
        } else {
          expect(calls).toBe(1);
          expect(item).toMatchObject({ sends: 1, claims: 1 });
        }
      }
      for (const id of finishedAtKill) expect(service.callsFor(operationPath('message.reprocess', id))).toHaveLength(1);
      // The record says which were resumed.
      expect(
        items
          .filter((item) => item.claims > 1)
          .map((item) => item.item_id)
          .sort(),
      ).toEqual([...inFlightAtKill].sort());
    });
  });
});
