/**
 * Four-eyes on bulk jobs through the action guard, on PGlite and PostgreSQL: `job.start` of a job
 * of more items than the threshold, of any set-status job and of a revert is refused without an
 * approval, audited, and leaves the job planned with nothing sent; a small job of another action
 * starts at once. The policy function alone is tested in policy.test.ts.
 */
import { beforeAll, expect, it } from 'vitest';
import { executeAction } from '@/lib/actions/guard/execute';
import { startJobAction } from '@/lib/actions/jobs';
import { approvalSettings } from '@/lib/approvals/policy';
import { queryAudit } from '@/lib/audit/log';
import { parseRoleMapping } from '@/lib/auth/roles';
import type { ConsoleDb } from '@/lib/db';
import { getJob } from '@/lib/jobs/store';
import { UpstreamClient } from '@/lib/upstream/client';
import type { FakeVoiceService } from '../jobs/support/fake-voice';
import { planJob, planRevertJob, startJob } from '../jobs/support/guarded';
import { describeJobSuite, ended, OPS, readerFor, waitForJob } from '../jobs/support/harness';

const NO_SERVICE = new UpstreamClient({ baseUrl: 'http://127.0.0.1:9', accessToken: 'unused', log: () => undefined });
/** The default policy: approvals on, more than 100 items need one. */
const POLICY = approvalSettings({});

describeJobSuite('job.start under the four-eyes policy', 200, (bed) => {
  let service: FakeVoiceService;
  let db: ConsoleDb;

  beforeAll(() => {
    ({ service, db } = bed);
  });

  const ids = (count: number) => Array.from({ length: count }, (_, index) => `msg_${String(index).padStart(6, '0')}`);

  /** Starts the job as the operator would, through the guard under the default policy. */
  function startAsOperator(jobId: string, confirmCount: number) {
    return executeAction(
      startJobAction,
      { jobId, confirmCount },
      {
        session: {
          sub: OPS.id,
          email: OPS.email,
          scopes: ['admin'],
          accessToken: 'test-token',
          signedInAt: Date.now(),
        },
        roles: parseRoleMapping(`${OPS.email}=ops`),
        db,
        approvals: POLICY,
        upstreamFor: () => NO_SERVICE,
      },
    );
  }

  async function expectRefused(jobId: string, total: number, why: RegExp) {
    const writesBefore = service.log.filter((entry) => entry.method !== 'GET').length;
    const result = await startAsOperator(jobId, total);
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'rejected', code: 'approval_required', message: expect.stringMatching(why) },
    });
    expect((await getJob(db, jobId))?.status).toBe('planned');
    const denied = (await queryAudit(db, { action: 'job.start', outcome: 'denied' }, { offset: 0, limit: 100 })).rows;
    expect(denied.some((row) => row.targetIds.includes(jobId) && row.denialReason === 'approval required')).toBe(true);
    // Nothing reached the service's operations.
    expect(service.log.filter((entry) => entry.method !== 'GET').length).toBe(writesBefore);
  }

  it('refuses a job of more items than the threshold, and starts a small one at once', async () => {
    const large = await planJob({ db, upstream: await readerFor(service) }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'ids', ids: ids(POLICY.bulkThreshold + 1) },
    });
    expect(large.total).toBe(POLICY.bulkThreshold + 1);
    await expectRefused(large.jobId, large.total, /101 items, more than 100/);

    const small = await planJob({ db, upstream: await readerFor(service) }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'ids', ids: ids(POLICY.bulkThreshold) },
    });
    expect(await startAsOperator(small.jobId, small.total)).toMatchObject({ ok: true });
    expect((await getJob(db, small.jobId))?.status).toBe('queued');
    await db.query(`UPDATE bulk_jobs SET status = 'cancelled' WHERE id = $1`, [small.jobId]);
  });

  it('refuses a set-status job of a single item', async () => {
    const planned = await planJob({ db, upstream: await readerFor(service) }, OPS, {
      action: 'message.set_status',
      selection: { kind: 'ids', ids: ['msg_000001'] },
      params: { status: 'active' },
    });
    expect(planned.total).toBe(1);
    await expectRefused(planned.jobId, planned.total, /every set-status job needs approval/);
  });

  it('refuses a revert job', async () => {
    // The job to revert is a set-status one, run to its end without the policy (the engine's path, see tests/jobs).
    const notActive = [...service.messages.values()]
      .filter((message) => message.status !== 'active')
      .slice(0, 2)
      .map((message) => message.id);
    const setStatus = await planJob({ db, upstream: await readerFor(service) }, OPS, {
      action: 'message.set_status',
      selection: { kind: 'ids', ids: notActive },
      params: { status: 'active' },
    });
    bed.runner();
    await startJob(db, OPS, setStatus.jobId, setStatus.total);
    await waitForJob(db, setStatus.jobId, ended);
    const revert = await planRevertJob({ db, upstream: await readerFor(service) }, OPS, setStatus.jobId);
    expect(revert.total).toBeGreaterThan(0);
    await expectRefused(revert.jobId, revert.total, /A revert job sets back/);
  });
});
