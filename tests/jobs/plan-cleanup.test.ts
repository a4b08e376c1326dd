/**
 * Dry runs nobody starts do not pile up, on PGlite and PostgreSQL: a planned job past
 * its validity is deleted with its items by the runners' maintenance, and a dry run whose caller
 * went away (its signal aborted) stops reading and leaves nothing behind.
 */
import { beforeAll, expect, it } from 'vitest';
import { executeAction } from '@/lib/actions/guard/execute';
import { planJobAction } from '@/lib/actions/jobs';
import { parseRoleMapping } from '@/lib/auth/roles';
import type { ConsoleDb } from '@/lib/db';
import { PLAN_VALID_MINUTES } from '@/lib/jobs/store';
import type { FakeVoiceService } from './support/fake-voice';
import { planJob } from './support/guarded';
import { describeJobSuite, fakeUpstream, OPS, readerFor, testRunner } from './support/harness';

describeJobSuite('abandoned dry runs', 50, (bed) => {
  let service: FakeVoiceService;
  let db: ConsoleDb;

  beforeAll(() => {
    ({ service, db } = bed);
  });

  const countRows = async (table: 'bulk_jobs' | 'bulk_job_items', jobId: string) =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE ${table === 'bulk_jobs' ? 'id' : 'job_id'} = $1`,
        [jobId],
      )
    )[0]?.n;

  it('deletes a planned job and its items once its validity has passed, and keeps a fresh one', async () => {
    const stale = await planJob({ db, upstream: await readerFor(service) }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'filter', filter: {} },
    });
    const fresh = await planJob({ db, upstream: await readerFor(service) }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'filter', filter: {} },
    });
    expect(await countRows('bulk_job_items', stale.jobId)).toBe(50);
    await db.query(`UPDATE bulk_jobs SET planned_at = now() - make_interval(mins => $2 + 1) WHERE id = $1`, [
      stale.jobId,
      PLAN_VALID_MINUTES,
    ]);
    const runner = testRunner(db, fakeUpstream(service), { instanceId: 'janitor' });
    await runner.ready;
    await runner.stop();
    expect(await countRows('bulk_jobs', stale.jobId)).toBe(0);
    expect(await countRows('bulk_job_items', stale.jobId)).toBe(0);
    expect(await countRows('bulk_jobs', fresh.jobId)).toBe(1);
  });

  it('stops reading when the caller goes away, and leaves no job behind', async () => {
    const reader = await readerFor(service);
    const before = service.log.filter((line) => line.path === '/admin/ra/messages').length;
    const gone = new AbortController();
    gone.abort(new Error('the operator closed the dialog'));
    const result = await executeAction(
      planJobAction,
      { action: 'message.reprocess', selection: { kind: 'filter', filter: {} } },
      {
        session: { sub: OPS.id, email: OPS.email, scopes: ['admin'], accessToken: 'token', signedInAt: Date.now() },
        roles: parseRoleMapping(`${OPS.email}=ops`),
        db,
        signal: gone.signal,
        upstreamFor: () => reader,
      },
    );
    expect(result.ok).toBe(false);
    expect(service.log.filter((line) => line.path === '/admin/ra/messages').length).toBe(before);
    expect(
      await db.query(
        `SELECT id FROM bulk_jobs WHERE status IN ('planning', 'planned') AND created_at > now() - interval '5 seconds' AND total = 0`,
      ),
    ).toEqual([]);
  });
});
