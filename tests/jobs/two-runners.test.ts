/**
 * Two consoles on one PostgreSQL: two runners, each with its own connection pool (as two
 * processes would have), work the same jobs in parallel. Every item is processed exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleDb, type ConsoleDb } from '@/lib/db';
import { startJob } from '@/lib/jobs/store';
import { operationPath } from '@/lib/upstream/message-operations';
import { planJob } from '@/lib/jobs/plan';
import type { JobRunner } from '@/lib/jobs/runner';
import { postgresTestDriver } from '../db/drivers';
import { FakeVoiceService } from './support/fake-voice';
import { ended, fakeUpstream, itemsOf, OPS, readerFor, testRunner, waitForJob } from './support/harness';

const driver = postgresTestDriver();

describe.skipIf(driver.skipReason !== null)(`two runners on one ${driver.title}`, () => {
  let service: FakeVoiceService;
  let first: ConsoleDb;
  let second: ConsoleDb;
  let remove: () => Promise<void>;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    service = await new FakeVoiceService({ messages: 600 }).start();
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

  it('process every item exactly once, both taking part', async () => {
    service.latencyMs = 3;
    const jobs = [];
    for (const status of ['processing', 'active', 'paused']) {
      const planned = await planJob({ db: first, upstream: await readerFor(service) }, OPS, {
        action: 'message.reprocess',
        selection: { kind: 'filter', filter: { status } },
      });
      jobs.push(planned);
    }
    // Each runner has its own token (its own budget at this service); they still pace by one
    // shared send budget, the same machine client's (lib/jobs/runner-pacer.ts), here 1,000 a second.
    runners.push(testRunner(first, fakeUpstream(service), { instanceId: 'console-1', concurrency: 6 }));
    runners.push(testRunner(second, fakeUpstream(service), { instanceId: 'console-2', concurrency: 6 }));
    await Promise.all(jobs.map((planned) => startJob(first, OPS, planned.jobId, planned.total)));
    for (const planned of jobs) {
      const job = await waitForJob(second, planned.jobId, ended, 30_000);
      expect(job.counts).toMatchObject({ total: 120, ok: 120, failed: 0 });
    }
    const claimedBy = new Map<string, number>();
    for (const planned of jobs) {
      for (const item of await itemsOf(first, planned.jobId)) {
        expect(service.callsFor(operationPath('message.reprocess', item.item_id))).toHaveLength(1);
        expect(item).toMatchObject({ sends: 1, claims: 1 });
        claimedBy.set(item.claimed_by ?? '', (claimedBy.get(item.claimed_by ?? '') ?? 0) + 1);
      }
    }
    expect(service.log.filter((entry) => entry.path.endsWith('/reprocess'))).toHaveLength(360);
    expect(claimedBy.get('console-1')).toBeGreaterThan(30);
    expect(claimedBy.get('console-2')).toBeGreaterThan(30);
    // One run intent and one outcome per job, whichever runner started or finished it.
    const audit = await first.query<{ job_id: string; outcome: string }>(
      `SELECT job_id, outcome FROM audit_log WHERE action = 'message.reprocess' ORDER BY id`,
    );
    expect(audit).toHaveLength(3);
    expect(audit.every((row) => row.outcome === 'ok')).toBe(true);
  });
});
