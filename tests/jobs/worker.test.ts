/**
 * One item's handling (lib/jobs/runner/worker.ts) against the in-memory item store: the item seam
 * without a database, and a database that fails through the seam rather than by matching SQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ClaimedItem, OutcomeNotRecorded, processItem, type WorkerContext } from '@/lib/jobs/runner';
import { RatePacer } from '@/lib/jobs/pace';
import { FakeItemStore } from './support/fake-item-store';
import { FakeVoiceService } from './support/fake-voice';
import { fakeUpstream } from './support/harness';

let service: FakeVoiceService;
let seq = 0;

beforeAll(async () => {
  service = await new FakeVoiceService({ messages: 20 }).start();
});
afterAll(async () => service?.stop());
beforeEach(() => {
  service.seed(20);
  service.faults = null;
  service.log.length = 0;
});

function claimed(store: FakeItemStore, overrides: Partial<ClaimedItem> = {}) {
  const item: ClaimedItem = {
    jobId: 'job-1',
    action: 'message.reprocess',
    seq: seq++,
    itemId: 'msg_000001',
    targetStatus: null,
    statusBefore: 'processing',
    attempts: 0,
    token: `t-${seq}`,
    ...overrides,
  };
  return { item, entry: store.add(item, 'in_flight') };
}

function context(store: FakeItemStore): WorkerContext {
  return {
    store,
    upstream: fakeUpstream(service),
    pacer: new RatePacer(),
    clock: { now: () => Date.now(), sleep: async () => {} },
    signal: new AbortController().signal,
    state: () => 'running',
    limits: { maxAttempts: 3, maxRateLimitRetries: 5 },
    backoff: () => 0,
    noTokenWaitMs: 0,
    log: () => {},
    recordError: async () => {},
    count: () => {},
  };
}

describe('processItem with the in-memory item store', () => {
  it('sends once and records the outcome under the claim', async () => {
    const store = new FakeItemStore();
    const { item, entry } = claimed(store);
    await processItem(context(store), item);
    expect(entry).toMatchObject({ status: 'ok', sends: 1, outcome: { status: 'ok', upstreamStatus: 200 } });
    expect(service.log.filter((line) => line.path.endsWith('/reprocess'))).toHaveLength(1);
  });

  it('notes each failed try and fails the item after the last attempt', async () => {
    service.faults = { rate: 1, status: 503 };
    const store = new FakeItemStore();
    const { item, entry } = claimed(store);
    await processItem(context(store), item);
    expect(entry.retries.map((retry) => retry.attempts)).toEqual([1, 2]);
    expect(entry).toMatchObject({ status: 'failed', sends: 3, outcome: { attempts: 3, upstreamStatus: 503 } });
  });

  it('skips without sending when the job is no longer running', async () => {
    const store = new FakeItemStore();
    store.jobRunning = false;
    const { item, entry } = claimed(store);
    await processItem(context(store), item);
    expect(entry).toMatchObject({ status: 'skipped', sends: 0, outcome: { error: 'cancelled' } });
    expect(service.log.filter((line) => line.path.startsWith('/admin'))).toHaveLength(0);
  });

  it('retries an outcome write that fails, and never sends again', async () => {
    const store = new FakeItemStore();
    store.failFinishes = 2;
    const { item, entry } = claimed(store);
    await processItem(context(store), item);
    expect(entry).toMatchObject({ status: 'ok', sends: 1 });
  });

  it('gives up on an outcome write that keeps failing, with the item sent once and not released', async () => {
    const store = new FakeItemStore();
    store.failFinishes = 100;
    const { item, entry } = claimed(store);
    await expect(processItem(context(store), item)).rejects.toBeInstanceOf(OutcomeNotRecorded);
    expect(entry).toMatchObject({ status: 'in_flight', sends: 1 });
  });
});
