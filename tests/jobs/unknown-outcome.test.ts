/**
 * An applied item is never sent again, on PGlite and PostgreSQL: a send refreshes the
 * claim, so a live item waiting out 429s never looks abandoned; an item sent whose outcome could
 * not be recorded ends `unknown` ("check before retrying"), never pending; a runner that stalls
 * without dying loses its item to another, and its late writes change nothing.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { ConsoleDb } from '@/lib/db';
import { createSqlItemStore, type ItemStore } from '@/lib/jobs/runner';
import { operationPath } from '@/lib/upstream/message-operations';
import { getJob } from '@/lib/jobs/store';
import type { FakeVoiceService } from './support/fake-voice';
import { planJob, startJob } from './support/guarded';
import {
  describeJobSuite,
  auditRowsFor,
  ended,
  fakeUpstream,
  itemsOf,
  OPS,
  readerFor,
  testRunner,
  waitForJob,
} from './support/harness';

describeJobSuite('sent items', 20, (bed) => {
  let service: FakeVoiceService;
  let db: ConsoleDb;
  const { runners } = bed;

  beforeAll(() => {
    ({ service, db } = bed);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await db.query(`UPDATE bulk_jobs SET status = 'cancelled' WHERE status IN ('queued', 'running', 'cancelling')`);
  });

  /** A running job of one message, its item claimed by a live runner `holder`. */
  async function claimedItem(id: string) {
    const planned = await planJob({ db, upstream: await readerFor(service) }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'ids', ids: [id] },
    });
    await startJob(db, OPS, planned.jobId, planned.total);
    await db.query(`UPDATE bulk_jobs SET status = 'running' WHERE id = $1`, [planned.jobId]);
    await db.query(
      `INSERT INTO bulk_job_runners (instance_id) VALUES ('holder') ON CONFLICT (instance_id) DO UPDATE SET heartbeat_at = now(), stopped_at = NULL`,
    );
    const store = createSqlItemStore(db);
    const [item] = await store.claim({ id: planned.jobId, action: 'message.reprocess' }, 1, 'holder');
    if (!item) throw new Error('nothing claimed');
    return { store, item, jobId: planned.jobId };
  }

  const backdateClaim = (jobId: string) =>
    db.query(`UPDATE bulk_job_items SET claimed_at = now() - interval '1 hour' WHERE job_id = $1`, [jobId]);

  it('refreshes the claim at each send, so a live item is not taken back', async () => {
    const { store, item, jobId } = await claimedItem('msg_000001');
    await backdateClaim(jobId);
    expect(await store.fence(item)).toBe('send');
    expect(await store.recoverAbandoned('someone-else', 60)).toBe(0);
    expect((await itemsOf(db, jobId))[0]).toMatchObject({ status: 'in_flight', sends: 1 });
  });

  it('ends an item sent but unrecorded for ten leases as unknown, never pending', async () => {
    const { store, item, jobId } = await claimedItem('msg_000002');
    expect(await store.fence(item)).toBe('send');
    await backdateClaim(jobId);
    expect(await store.recoverAbandoned('someone-else', 60)).toBe(1);
    const [row] = await itemsOf(db, jobId);
    expect(row).toMatchObject({ status: 'unknown', sends: 1 });
    expect(row?.error).toMatch(/check the message before retrying/);
    expect((await getJob(db, jobId))?.counts).toMatchObject({ unknown: 1, pending: 0, inFlight: 0 });
  });

  it('a runner that cannot record an outcome leaves the item to end unknown, sent once', async () => {
    const planned = await planJob({ db, upstream: await readerFor(service) }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'ids', ids: ['msg_000003'] },
    });
    const real = createSqlItemStore(db);
    const broken: ItemStore = {
      ...real,
      finish: () => Promise.reject(new Error('connection reset')),
      markUnknown: () => Promise.reject(new Error('connection reset')),
    };
    runners.push(
      testRunner(db, fakeUpstream(service), {
        instanceId: 'broken',
        store: broken,
        leaseSeconds: 0.2,
        pollIntervalMs: 20,
        retryBaseMs: 1,
        retryMaxMs: 5,
      }),
    );
    await startJob(db, OPS, planned.jobId, planned.total);
    const job = await waitForJob(db, planned.jobId, ended);
    expect(job).toMatchObject({ status: 'completed', counts: { unknown: 1, ok: 0, pending: 0 } });
    expect(service.callsFor(operationPath('message.reprocess', 'msg_000003'))).toHaveLength(1);
    const audit = await auditRowsFor(db, planned.jobId);
    expect(audit.at(-1)).toMatchObject({
      action: 'message.reprocess',
      outcome: 'failed',
      summary: expect.stringMatching(/1 unknown \(check before retrying\)/),
    });
  });

  it('a runner that stalls without dying loses its item to another runner; its late fence and finish change nothing', async () => {
    const { store, item, jobId } = await claimedItem('msg_000004');
    // The holder stops beating (stuck, not stopped) past the lease: its claim is taken back.
    await db.query(`UPDATE bulk_job_runners SET heartbeat_at = now() - interval '1 hour' WHERE instance_id = 'holder'`);
    await backdateClaim(jobId);
    expect(await store.recoverAbandoned('rescuer', 60)).toBe(1);
    const [taken] = await store.claim({ id: jobId, action: 'message.reprocess' }, 1, 'rescuer');
    expect(taken?.token).toBeDefined();
    expect(taken?.token).not.toBe(item.token);
    expect(await store.fence(taken!)).toBe('send');
    expect(await store.finish(taken!, { status: 'ok', statusAfter: 'processing', upstreamStatus: 200 })).toBe(true);

    // The holder wakes up: it may not send, and what it writes late is refused.
    expect(await store.fence(item)).toBe('lost');
    expect(await store.finish(item, { status: 'failed', error: 'late answer', upstreamStatus: 500 })).toBe(false);
    expect(await store.markUnknown(item, 'late')).toBe(false);
    expect(await store.release(item)).toBe(false);
    const [row] = await itemsOf(db, jobId);
    expect(row).toMatchObject({
      status: 'ok',
      status_after: 'processing',
      error: null,
      sends: 1,
      claims: 2,
      claimed_by: 'rescuer',
    });
    expect((await getJob(db, jobId))?.counts).toMatchObject({ ok: 1, failed: 0, unknown: 0, pending: 0, inFlight: 0 });
  });
});
