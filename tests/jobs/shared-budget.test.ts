/**
 * The send budget runners on one PostgreSQL share (lib/jobs/pace/shared-budget.ts): two pacers, each
 * with its own connection pool (as two console processes would have), against one fixed-window
 * service never send more than its limit in a window, even with one clock off; grants expire
 * with their window; PGlite gets no shared budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleDb, type ConsoleDb } from '@/lib/db';
import { RatePacer, type RateLimitObservation, grantBatch, SharedSendBudget, sharedBudgetFor } from '@/lib/jobs/pace';
import { postgresTestDriver } from '../db/drivers';

const driver = postgresTestDriver();

/** A service's fixed windows on the real clock (aligned like the emulator's), counting every request it receives. */
function fixedWindowService(limit: number, windowMs: number) {
  const received = new Map<number, number>();
  return {
    received,
    take(): { status: number; info: RateLimitObservation } {
      const now = Date.now();
      const start = now - (now % windowMs);
      const count = (received.get(start) ?? 0) + 1;
      received.set(start, count);
      return {
        status: count <= limit ? 200 : 429,
        info: { limit, remaining: Math.max(0, limit - count), resetAt: Math.ceil((start + windowMs) / 1000) * 1000 },
      };
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drives a pacer like the runner's workers: `workers` loops wait for it, send, and answer after `latencyMs`. */
async function sendFor(
  pacer: RatePacer,
  service: ReturnType<typeof fixedWindowService>,
  options: { untilMs: number; workers: number; latencyMs: number; skewMs: number },
) {
  const now = () => Date.now() + options.skewMs;
  let ok = 0;
  let tooMany = 0;
  await Promise.all(
    Array.from({ length: options.workers }, async () => {
      while (Date.now() < options.untilMs) {
        const wait = pacer.delay(now());
        if (wait > 0) {
          await sleep(Math.min(wait, 50));
          continue;
        }
        pacer.onSend(now());
        const sentAt = now();
        const answer = service.take();
        await sleep(options.latencyMs);
        pacer.onAnswer(now(), answer.status, answer.info, sentAt);
        if (answer.status === 429) tooMany++;
        else ok++;
      }
    }),
  );
  return { ok, tooMany };
}

/** Waits for the budget's batch in flight to land. */
async function settled(budget: SharedSendBudget, resetAt: number, limit: number) {
  for (let i = 0; i < 200 && budget.share(resetAt, limit, 1000).pending; i++) await sleep(5);
  return budget.share(resetAt, limit, 1000);
}

describe.skipIf(driver.skipReason !== null)(`the send budget shared on ${driver.title}`, () => {
  let first: ConsoleDb;
  let second: ConsoleDb;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    const location = await driver.migratedLocation();
    remove = location.remove;
    first = await openConsoleDb(location.options);
    second = await openConsoleDb(location.options);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await remove?.();
  });

  it.each([
    { skewMs: 0, title: 'on one clock' },
    { skewMs: 300, title: 'with one clock 300 ms ahead of the service' },
    { skewMs: -300, title: 'with one clock 300 ms behind the service' },
  ])('two pacers never send more than the limit in a window, and use most of it, $title', async ({ skewMs }) => {
    const limit = 20;
    const service = fixedWindowService(limit, 1000);
    const bucket = `two-pacers-${skewMs}`;
    const pacers = [first, second].map(
      (db) => new RatePacer({ random: () => 0.5, budget: new SharedSendBudget(db, { bucket }) }),
    );
    const began = Date.now();
    const untilMs = began + 4200;
    const [a, b] = await Promise.all([
      sendFor(pacers[0]!, service, { untilMs, workers: 4, latencyMs: 3, skewMs: 0 }),
      sendFor(pacers[1]!, service, { untilMs, workers: 4, latencyMs: 3, skewMs }),
    ]);
    // Whole windows after the first (the pacers learn the limit and the skewed one its offset there).
    const settledWindows = [...service.received.entries()].filter(
      ([start]) => start >= began - (began % 1000) + 2000 && start + 1000 <= untilMs,
    );
    expect(settledWindows.length).toBeGreaterThanOrEqual(2);
    // With a clock off, the offset is learned to within the answers' delay (the event loop's lag
    // on a loaded machine): one send may still land just across a window's edge.
    for (const [, count] of settledWindows) expect(count).toBeLessThanOrEqual(skewMs === 0 ? limit : limit + 1);
    // Both took part, and the windows were nearly used up.
    expect(a.ok).toBeGreaterThan(10);
    expect(b.ok).toBeGreaterThan(10);
    for (const [, count] of settledWindows) expect(count).toBeGreaterThanOrEqual(limit * 0.8);
    expect(a.tooMany + b.tooMany).toBeLessThanOrEqual(3);
  });

  it('grants are counted once across instances, and expire with their window', async () => {
    const limit = 40;
    const bucket = 'expiry';
    const window = 1_900_000_000_000;
    const dying = new SharedSendBudget(first, { bucket });
    const survivor = new SharedSendBudget(second, { bucket });
    // The dying instance takes a batch and never sends it.
    expect((await settled(dying, window, limit)).held).toBe(grantBatch(limit));
    const share = await settled(survivor, window, limit);
    expect(share).toMatchObject({ held: grantBatch(limit), unclaimed: limit - 2 * grantBatch(limit) });
    // The survivor can have everything else in the window, and not one grant more.
    let held = 0;
    for (let i = 0; i < 100; i++) {
      while (survivor.take(window)) held++;
      const next = await settled(survivor, window, limit);
      if (next.held === 0 && next.unclaimed === 0) break;
    }
    expect(held).toBe(limit - grantBatch(limit));
    // The next window is whole again: the dead instance's grants went with the old one.
    expect(await settled(survivor, window + 1000, limit)).toMatchObject({
      held: grantBatch(limit),
      unclaimed: limit - grantBatch(limit),
    });
    expect(survivor.take(window)).toBe(false);
  });

  it('a 429 uses the window up for every instance', async () => {
    const bucket = 'exhaust';
    const window = 1_900_000_100_000;
    const one = new SharedSendBudget(first, { bucket });
    const other = new SharedSendBudget(second, { bucket });
    await settled(one, window, 50);
    one.exhaust(window, 50, 1000);
    await sleep(50);
    expect(await settled(other, window, 50)).toMatchObject({ held: 0, unclaimed: 0 });
  });

  it('probes sent before the window was known are charged to it, so the others leave room for them', async () => {
    const bucket = 'probes';
    const window = 1_900_000_050_000;
    const prober = new SharedSendBudget(first, { bucket });
    prober.charge(window, 2, 10, 1000);
    await sleep(50);
    const other = new SharedSendBudget(second, { bucket });
    const share = await settled(other, window, 10);
    expect(share.held + share.unclaimed).toBe(10 - 2);
    // Through the pacer: its first send (a probe) is charged once the answer names the window.
    const pacer = new RatePacer({ budget: prober });
    const resetAt = window + 1000;
    pacer.onSend(resetAt - 900);
    pacer.onAnswer(resetAt - 895, 200, { limit: 10, remaining: 9, resetAt }, resetAt - 900);
    await sleep(50);
    const after = await settled(new SharedSendBudget(second, { bucket }), resetAt, 10);
    expect(after.held + after.unclaimed).toBe(10 - 1);
  });

  it('a new instance starts from the limit and window another one learned', async () => {
    const bucket = 'learned';
    const budget = new SharedSendBudget(first, { bucket });
    expect(await budget.learned()).toBeNull();
    await settled(budget, 1_900_000_200_000, 30);
    expect(await new SharedSendBudget(second, { bucket }).learned()).toEqual({ limit: 30, windowMs: 1000 });
  });

  it('a database that fails makes the pacer wait and try again, never send without a grant', async () => {
    let failing = true;
    const errors: unknown[] = [];
    const flaky = {
      query: <T>(sql: string, params?: readonly unknown[]) =>
        failing ? Promise.reject(new Error('connection lost')) : first.query<T>(sql, params),
    };
    const budget = new SharedSendBudget(flaky, {
      bucket: 'flaky',
      retryMs: 20,
      onError: (error) => errors.push(error),
    });
    const window = 1_900_000_300_000;
    budget.share(window, 10, 1000);
    await sleep(5);
    expect(budget.share(window, 10, 1000)).toMatchObject({ held: 0, pending: true });
    expect(errors.length).toBeGreaterThan(0);
    failing = false;
    await sleep(30);
    expect((await settled(budget, window, 10)).held).toBeGreaterThanOrEqual(1);
  });
});

describe('on PGlite', () => {
  it('there is no shared budget: one process, one runner, the local pacer alone', () => {
    const db: ConsoleDb = {
      kind: 'pglite',
      query: () => Promise.resolve([]),
      transaction: () => Promise.reject(new Error('unused')),
      close: () => Promise.resolve(),
    };
    expect(sharedBudgetFor(db, { bucket: 'any' })).toBeUndefined();
    expect(sharedBudgetFor({ ...db, kind: 'postgres' }, { bucket: 'any' })).toBeInstanceOf(SharedSendBudget);
  });
});
