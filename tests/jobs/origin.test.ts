/**
 * A job remembers the view its dry run was started from (lib/jobs/plan/origin.ts): a same-site path is
 * stored as given and read back for the job page and the jobs list; anything that could leave the
 * console is dropped, never stored; a revert's origin is the reverted job's page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleDb } from '@/lib/db';
import { jobHref } from '@/lib/entities/hrefs';
import { toJobRow, listJobs } from '@/lib/jobs/store';
import { jobOrigin, readJob } from '@/lib/jobs/plan';
import type { FakeVoiceService } from './support/fake-voice';
import { planJob, planRevertJob, startJob } from './support/guarded';
import { describeJobSuite, ended, fakeUpstream, OPS, readerFor, testRunner, waitForJob } from './support/harness';

describe('jobOrigin', () => {
  it('keeps a same-site path with its query', () => {
    expect(jobOrigin('/stuck?status=inprogress&minAge=15')).toBe('/stuck?status=inprogress&minAge=15');
    expect(jobOrigin('/users?verified=false')).toBe('/users?verified=false');
    expect(jobOrigin('/')).toBe('/');
  });

  it('stores the resolved path, never the raw text: dot segments cannot reach another host', () => {
    expect(jobOrigin('/..//evil.example/stuck')).toBe('/evil.example/stuck');
  });

  it.each([
    ['another host', 'https://evil.example/stuck'],
    ['a protocol-relative host', '//evil.example/stuck'],
    ['a backslash host', '/\\evil.example'],
    ['a tab a browser strips', '/\t/evil.example'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['the sign-in page', '/signin?callbackUrl=https://evil.example'],
    ['a relative path', 'stuck'],
    ['an empty string', ''],
    ['a number', 42],
    ['nothing', undefined],
  ])('drops %s', (_name, value) => {
    expect(jobOrigin(value)).toBeNull();
  });
});

describeJobSuite('job origin stored', 20, (bed) => {
  let service: FakeVoiceService;
  let db: ConsoleDb;

  beforeAll(() => {
    ({ service, db } = bed);
  });

  const plan = async (origin: unknown) =>
    planJob({ db, upstream: await readerFor(service) }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'filter', filter: {} },
      origin,
    } as Parameters<typeof planJob>[2]);

  it('stores a same-site origin and shows it on the job and in the jobs list', async () => {
    const planned = await plan('/stuck?status=inprogress&minAge=15');
    expect((await readJob(db, planned.jobId))?.origin).toBe('/stuck?status=inprogress&minAge=15');
    const listed = (await listJobs(db, { statuses: ['planned'] })).rows.find((job) => job.id === planned.jobId);
    expect(listed && toJobRow(listed).origin).toBe('/stuck?status=inprogress&minAge=15');
  });

  it('drops an origin that would leave the console, and plans the job all the same', async () => {
    const planned = await plan('//evil.example/stuck');
    expect(planned.total).toBe(20);
    expect((await readJob(db, planned.jobId))?.origin).toBeNull();
    expect((await readJob(db, (await plan(undefined)).jobId))?.origin).toBeNull();
    // Callers without a view (scripts, older clients) leave it out.
    const without = await planJob({ db, upstream: await readerFor(service) }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'filter', filter: {} },
    });
    expect((await readJob(db, without.jobId))?.origin).toBeNull();
  });

  it("gives a revert the reverted job's page as its origin", async () => {
    const ids = ['msg_000001', 'msg_000002', 'msg_000003'];
    const planned = await planJob({ db, upstream: await readerFor(service) }, OPS, {
      action: 'message.set_status',
      params: { status: 'deleted' },
      selection: { kind: 'ids', ids },
      origin: '/messages',
    });
    const runner = testRunner(db, fakeUpstream(service));
    try {
      await startJob(db, OPS, planned.jobId, planned.total);
      await waitForJob(db, planned.jobId, ended);
    } finally {
      await runner.stop();
    }
    const revert = await planRevertJob({ db, upstream: await readerFor(service) }, OPS, planned.jobId);
    expect((await readJob(db, revert.jobId))?.origin).toBe(jobHref(planned.jobId));
  });
});
