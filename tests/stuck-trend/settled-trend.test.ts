/**
 * The trend's settled part kept in memory: the same points as a full read, the recent tail always
 * read again, and a settled row changed behind its back shown once the whole window is read again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SCOPES, REREAD_MS, readTrendSettled } from '@/lib/stuck-trend/settled-trend';
import { claimSlot, readTrend, recordCounts } from '@/lib/stuck-trend/store';
import { openTestDatabase, pgliteTestDriver, type TestDatabase } from '../db/drivers';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 20, 12, 0, 30);
const SCOPE = 'settled-test';

let database: TestDatabase;

async function sample(minute: number, processing: number): Promise<void> {
  const at = new Date(T0 - (T0 % MINUTE) + minute * MINUTE);
  await claimSlot(database.db, at, SCOPE, 'test');
  await recordCounts(database.db, at, SCOPE, { processing });
}

const window = (now: number) => [new Date(now - 60 * MINUTE), new Date(now + MINUTE)] as const;
const read = (now: number) => readTrendSettled(database.db, SCOPE, ...window(now), { now, intervalMinutes: 1 });
const counts = (points: Awaited<ReturnType<typeof read>>) => points.map((point) => point.counts?.processing ?? null);

beforeAll(async () => {
  database = await openTestDatabase(pgliteTestDriver);
  for (let minute = -59; minute <= 0; minute++) await sample(minute, 100 + minute);
});

afterAll(async () => {
  await database?.dispose();
});

describe('the trend with its settled part in memory', () => {
  it('reads what a full read reads, and the recent tail again on every read', async () => {
    expect(counts(await read(T0))).toEqual(counts(await readTrend(database.db, SCOPE, ...window(T0))));
    // A new minute, and the latest minute filled again: both are in the tail.
    await sample(1, 500);
    await recordCounts(database.db, new Date(T0 - (T0 % MINUTE)), SCOPE, { processing: 400 });
    const later = T0 + MINUTE;
    const points = await read(later);
    expect(counts(points)).toEqual(counts(await readTrend(database.db, SCOPE, ...window(later))));
    expect(counts(points).slice(-2)).toEqual([400, 500]);
    // The window moved on: its oldest minute is gone.
    expect(points[0]!.minute.getTime()).toBeGreaterThanOrEqual(later - 60 * MINUTE);
  });

  it('keeps a settled row it has read until the whole window is read again', async () => {
    const settled = new Date(T0 - (T0 % MINUTE) - 30 * MINUTE);
    await recordCounts(database.db, settled, SCOPE, { processing: -1 });
    const soon = T0 + 2 * MINUTE;
    expect(counts(await read(soon))).not.toContain(-1);
    const reread = T0 + REREAD_MS + MINUTE;
    expect(counts(await read(reread))).toContain(-1);
    expect(counts(await read(reread))).toEqual(counts(await readTrend(database.db, SCOPE, ...window(reread))));
  });

  it('reads a window that ended (a resolved incident) whole, without keeping it', async () => {
    const now = T0 + 4 * MINUTE;
    const ended = [new Date(T0 - 40 * MINUTE), new Date(T0 - 20 * MINUTE)] as const;
    expect(counts(await readTrendSettled(database.db, SCOPE, ...ended, { now, intervalMinutes: 1 }))).toEqual(
      counts(await readTrend(database.db, SCOPE, ...ended)),
    );
    // A settled row changed now shows at once in an ended window, which is never kept.
    await recordCounts(database.db, new Date(T0 - (T0 % MINUTE) - 30 * MINUTE), SCOPE, { processing: -2 });
    expect(counts(await readTrendSettled(database.db, SCOPE, ...ended, { now, intervalMinutes: 1 }))).toContain(-2);
  });

  it('keeps a bounded number of scopes and reads a scope it let go whole again', async () => {
    const now = T0 + 5 * MINUTE;
    const other = (index: number) =>
      readTrendSettled(database.db, `${SCOPE}-${index}`, ...window(now), { now, intervalMinutes: 1 });
    await read(now);
    for (let index = 0; index < MAX_SCOPES; index++) await other(index);
    // SCOPE was the least recently read: it is gone, so a change to a settled row shows at once.
    await recordCounts(database.db, new Date(T0 - (T0 % MINUTE) - 30 * MINUTE), SCOPE, { processing: -3 });
    expect(counts(await read(now))).toContain(-3);
  });

  it('reads the whole window again when asked for an earlier start than it keeps', async () => {
    const points = await readTrendSettled(database.db, SCOPE, new Date(T0 - 90 * MINUTE), new Date(T0 + MINUTE), {
      now: T0 + 3 * MINUTE,
      intervalMinutes: 1,
    });
    expect(counts(points)).toEqual(
      counts(await readTrend(database.db, SCOPE, new Date(T0 - 90 * MINUTE), new Date(T0 + MINUTE))),
    );
  });
});
