/**
 * A scope's trend with its settled part kept in memory. A sample is written only in its own slot
 * (claimed at the slot's start, filled within the sampler's read), so once its slot is a few
 * minutes past nothing in the console changes it again. Keeping those and reading only the
 * recent tail saves the dashboard and the stuck page reading and decoding the day's 1,440 rows on
 * every view, and an open incident's page its window's.
 *
 * What could still change a settled row: another instance whose clock is more than the margin
 * behind, or someone writing the table by hand. Either shows after at most `REREAD_MS`, when the
 * whole window is read again.
 */
import type { Queryable } from '@/lib/db';
import { readTrend } from './store';
import type { TrendPoint } from './types';

/** How long after its slot ended a sample is taken as final: the sampler's read with its retries, with room to spare. */
const SETTLE_MARGIN_MS = 5 * 60_000;
/** The longest a settled part is kept before the whole window is read again. */
export const REREAD_MS = 10 * 60_000;
/** Scopes kept per database: the service's and a few open incidents'; the least recently read goes first. */
export const MAX_SCOPES = 16;

interface SettledPart {
  /** Samples of slots that started before `before`, oldest first; never changed after they are stored. */
  points: readonly TrendPoint[];
  from: number;
  before: number;
  readAt: number;
}

const settledByDb = new WeakMap<Queryable, Map<string, SettledPart>>();

/**
 * The scope's samples in [from, to), oldest first, as `readTrend` gives them: the settled part
 * from memory when it covers `from`, and whatever is newer from the database. A window that
 * ends before now (a resolved incident's) is read whole and not kept: it is read rarely, and
 * keeping it would push out the part the live views use.
 */
export async function readTrendSettled(
  db: Queryable,
  scope: string,
  from: Date,
  to: Date,
  options: { now: number; intervalMinutes: number },
): Promise<TrendPoint[]> {
  const before = options.now - options.intervalMinutes * 60_000 - SETTLE_MARGIN_MS;
  if (to.getTime() < options.now) return readTrend(db, scope, from, to);
  let parts = settledByDb.get(db);
  if (!parts) settledByDb.set(db, (parts = new Map()));
  const kept = parts.get(scope);
  if (kept && kept.from <= from.getTime() && options.now - kept.readAt < REREAD_MS && options.now >= kept.readAt) {
    const tail = await readTrend(db, scope, new Date(Math.max(kept.before, from.getTime())), to);
    // Most recently used last, so that the least recently used scope is the first to go.
    parts.delete(scope);
    parts.set(scope, kept);
    return [...kept.points.filter((point) => point.minute.getTime() >= from.getTime()), ...tail];
  }
  const points = await readTrend(db, scope, from, to);
  parts.delete(scope);
  parts.set(scope, {
    points: points.filter((point) => point.minute.getTime() < before),
    from: from.getTime(),
    before,
    readAt: options.now,
  });
  for (const oldest of parts.keys()) {
    if (parts.size <= MAX_SCOPES) break;
    parts.delete(oldest);
  }
  return points;
}
