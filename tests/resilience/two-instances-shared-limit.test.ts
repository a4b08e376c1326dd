/**
 * Two console instances on one PostgreSQL whose bulk job shares one rate limit at the service
 * (one token: the service counts both instances' calls in one budget). Every item is sent once,
 * nothing is lost or doubled, both instances take part, and the pacers, each learning the shared
 * budget from the service's headers, cause only a handful of 429s. The timing against the 1000/R
 * floor is the bench's (bench/scenarios/two-instances.ts), never a unit test's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleDb, type ConsoleDb } from '@/lib/db';
import { startJob } from '@/lib/jobs/store';
import { operationPath } from '@/lib/upstream/message-operations';
import { planJob } from '@/lib/jobs/plan';
import type { JobRunner } from '@/lib/jobs/runner';
import { postgresTestDriver } from '../db/drivers';
import { FakeVoiceService } from '../jobs/support/fake-voice';
import { ended, fakeUpstream, itemsOf, OPS, readerFor, testRunner, waitForJob } from '../jobs/support/harness';

const driver = postgresTestDriver();

describe.skipIf(driver.skipReason !== null)(`two instances sharing one rate limit on one ${driver.title}`, () => {
  let service: FakeVoiceService;
  let first: ConsoleDb;
  let second: ConsoleDb;
  let remove: () => Promise<void>;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    service = await new FakeVoiceService({ messages: 400, rateLimitWrite: 40, rateLimitWindowMs: 500 }).start();
    const location = await driver.migratedLocation();
    remove = location.remove;
    first = await openConsoleDb(location.options);
    second = await openConsoleDb(location.options);
  });

  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await first?.close();
    await second?.close();
    await remove?.();
    await service?.stop();
  });

  it('reprocesses every item exactly once, both instances taking part, with few 429s', async () => {
    service.latencyMs = 2;
    const planned = await planJob({ db: first, upstream: await readerFor(service) }, OPS, {
      action: 'message.reprocess',
      selection: { kind: 'filter', filter: { status: ['processing', 'active', 'paused'] } },
    });
    expect(planned.total).toBeGreaterThan(200);
    const shared = fakeUpstream(service);
    runners.push(testRunner(first, shared, { instanceId: 'console-a', concurrency: 4 }));
    runners.push(testRunner(second, shared, { instanceId: 'console-b', concurrency: 4 }));
    await startJob(first, OPS, planned.jobId, planned.total);
    const job = await waitForJob(second, planned.jobId, ended, 60_000);
    expect(job.counts).toMatchObject({ total: planned.total, ok: planned.total, failed: 0 });

    const items = await itemsOf(first, planned.jobId);
    const claimedBy = new Map<string, number>();
    for (const item of items) {
      const sends = service.callsFor(operationPath('message.reprocess', item.item_id));
      expect(
        sends.filter((entry) => entry.status === 200),
        `${item.item_id} applied once`,
      ).toHaveLength(1);
      expect(item.status).toBe('ok');
      claimedBy.set(item.claimed_by ?? '', (claimedBy.get(item.claimed_by ?? '') ?? 0) + 1);
    }
    const reprocessCalls = service.log.filter((entry) => entry.path.endsWith('/reprocess'));
    expect(reprocessCalls.filter((entry) => entry.status === 200)).toHaveLength(planned.total);
    expect(reprocessCalls.filter((entry) => entry.status === 429).length).toBeLessThanOrEqual(10);
    expect(claimedBy.get('console-a')).toBeGreaterThan(planned.total / 10);
    expect(claimedBy.get('console-b')).toBeGreaterThan(planned.total / 10);
  }, 90_000);
});
