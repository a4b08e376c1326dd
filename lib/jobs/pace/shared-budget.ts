/**
 * The send budget that runners on one PostgreSQL share: every console instance calls the
 * service with the same machine client, and the service counts those calls in one budget per
 * window, so each instance's pacer (rate-pacer.ts, still the one authority on timing) asks this module
 * for grants before it sends.
 *
 * - A row per bucket and window in rate_budget_windows, keyed by the service's own reset time
 *   (from its X-RateLimit-Reset header, or predicted from it by the window length): never by
 *   an instance's clock, so every instance names a window the same way.
 * - Grants are leased in small batches by one atomic upsert (`used + n`, capped at the limit),
 *   so an instance does not pay a database round-trip per request; the next batch is fetched
 *   while one grant is still in hand.
 * - A grant is good only in its window: an instance that dies with grants in hand loses them
 *   when the window ends, and nothing has to be given back.
 * - A 429 marks the window used up for every instance (the pacer still backs off on its own).
 * - The limit and window length learned last are in the rows, so a new instance starts from them.
 *
 * PGlite is one process's database, so one runner: it uses the local pacer alone.
 */
import type { ConsoleDb, Queryable } from '@/lib/db';

export interface BudgetShare {
  /** Grants this instance holds for the window. */
  held: number;
  /** What the window had left for anyone at the last grant (0: used up). */
  unclaimed: number;
  /** A batch is being asked for: wait a moment rather than until the reset. */
  pending: boolean;
}

export interface SendBudget {
  /** This instance's share of the window ending at `resetAt` (the service's time); asks for more when it runs low. */
  share(resetAt: number, limit: number, windowMs: number): BudgetShare;
  /** Spends one grant of the window; false when none is held. */
  take(resetAt: number): boolean;
  /** A grant taken was not used after all (the send was cancelled). */
  giveBack(resetAt: number): void;
  /** `count` requests were sent in this window without a grant (probes, before the window was known). */
  charge(resetAt: number, count: number, limit: number, windowMs: number): void;
  /** The service answered 429 in this window: nobody sends more in it. */
  exhaust(resetAt: number, limit: number, windowMs: number): void;
  /** The limit and window length last learned by any instance, or null. */
  learned(): Promise<{ limit: number; windowMs: number } | null>;
}

/** How long a budget waits before asking the database again after it failed. */
const DEFAULT_RETRY_MS = 250;

export interface SharedSendBudgetOptions {
  /** Whose budget: one per service and machine client. */
  bucket: string;
  /** Throws when the runner must write nothing more (killed). */
  guard?: () => void;
  onError?: (error: unknown) => void;
  /** How long to wait before asking again after the database failed; default DEFAULT_RETRY_MS. */
  retryMs?: number;
  now?: () => number;
}

/**
 * Grants asked for at once: a tenth of the limit, so what one instance holds at a window's end
 * stays small (and the pacer spreads what it holds over the window, so it is rarely stranded).
 */
export function grantBatch(limit: number): number {
  return Math.max(1, Math.ceil(limit / 10));
}

/** Windows older than this are deleted (a minute of history is plenty for learning). */
const KEEP_MS = 60_000;
/** Every this-many new windows, old rows are deleted. */
const CLEANUP_EVERY = 50;

export class SharedSendBudget implements SendBudget {
  private window: number | null = null;
  private held = 0;
  private unclaimed = 0;
  private refilling = false;
  private retryAt = 0;
  private windowsSeen = 0;
  private readonly now: () => number;
  private readonly retryMs: number;

  constructor(
    private readonly db: Queryable,
    private readonly options: SharedSendBudgetOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  }

  share(resetAt: number, limit: number, windowMs: number): BudgetShare {
    this.enter(resetAt, limit);
    // The next batch is asked for while half of this one is still in hand: a slow database
    // must not leave the workers waiting for grants.
    if (
      this.held <= Math.ceil(grantBatch(limit) / 2) &&
      this.unclaimed > 0 &&
      !this.refilling &&
      this.now() >= this.retryAt
    )
      this.refill(resetAt, limit, windowMs);
    return {
      held: this.held,
      unclaimed: this.unclaimed,
      pending: this.refilling || (this.unclaimed > 0 && this.now() < this.retryAt),
    };
  }

  take(resetAt: number): boolean {
    if (this.window !== resetAt || this.held <= 0) return false;
    this.held--;
    return true;
  }

  giveBack(resetAt: number): void {
    if (this.window === resetAt) this.held++;
  }

  charge(resetAt: number, count: number, limit: number, windowMs: number): void {
    if (count <= 0) return;
    if (this.window === resetAt) this.unclaimed = Math.max(0, this.unclaimed - count);
    this.write(
      `INSERT INTO rate_budget_windows AS w (bucket, reset_at, lim, window_ms, used) VALUES ($1, $2::bigint, $3::int, $4::int, $5::int)
       ON CONFLICT (bucket, reset_at) DO UPDATE SET used = w.used + EXCLUDED.used`,
      [this.options.bucket, resetAt, limit, windowMs, count],
    ).catch(() => {});
  }

  exhaust(resetAt: number, limit: number, windowMs: number): void {
    if (this.window === resetAt) this.unclaimed = 0;
    this.write(
      `INSERT INTO rate_budget_windows AS w (bucket, reset_at, lim, window_ms, used) VALUES ($1, $2::bigint, $3::int, $4::int, $3::int)
       ON CONFLICT (bucket, reset_at) DO UPDATE SET used = GREATEST(w.used, w.lim)`,
      [this.options.bucket, resetAt, limit, windowMs],
    ).catch(() => {});
  }

  async learned(): Promise<{ limit: number; windowMs: number } | null> {
    const [row] = await this.db.query<{ lim: number; window_ms: number }>(
      `SELECT lim, window_ms FROM rate_budget_windows WHERE bucket = $1 ORDER BY reset_at DESC LIMIT 1`,
      [this.options.bucket],
    );
    return row ? { limit: row.lim, windowMs: row.window_ms } : null;
  }

  /** A new window: grants of the old one are void, and its budget is assumed whole until asked. */
  private enter(resetAt: number, limit: number): void {
    if (this.window === resetAt) return;
    this.window = resetAt;
    this.held = 0;
    this.unclaimed = limit;
    this.retryAt = 0;
    if (++this.windowsSeen % CLEANUP_EVERY === 1) {
      this.write(`DELETE FROM rate_budget_windows WHERE bucket = $1 AND reset_at < $2::bigint`, [
        this.options.bucket,
        resetAt - KEEP_MS,
      ]).catch(() => {});
    }
  }

  private refill(resetAt: number, limit: number, windowMs: number): void {
    this.refilling = true;
    // One statement: creates the window's row or adds to it, never past the limit; last_grant
    // says what this statement added (the row is locked while it runs).
    this.write<{ last_grant: number; used: number; lim: number }>(
      `INSERT INTO rate_budget_windows AS w (bucket, reset_at, lim, window_ms, used, last_grant)
       VALUES ($1, $2::bigint, $3::int, $4::int, LEAST($5::int, $3::int), LEAST($5::int, $3::int))
       ON CONFLICT (bucket, reset_at) DO UPDATE
         SET lim = EXCLUDED.lim, window_ms = EXCLUDED.window_ms,
             used = w.used + LEAST($5::int, EXCLUDED.lim - w.used), last_grant = LEAST($5::int, EXCLUDED.lim - w.used)
         WHERE w.used < EXCLUDED.lim
       RETURNING last_grant, used, lim`,
      [this.options.bucket, resetAt, limit, windowMs, grantBatch(limit)],
    ).then(
      (rows) => {
        this.refilling = false;
        if (this.window !== resetAt) return; // the window ended meanwhile: the grants expired with it
        const row = rows[0];
        if (row) this.held += row.last_grant;
        this.unclaimed = row ? Math.max(0, row.lim - row.used) : 0;
      },
      (error: unknown) => {
        this.refilling = false;
        this.retryAt = this.now() + this.retryMs;
        this.options.onError?.(error);
      },
    );
  }

  private async write<T>(sql: string, params: unknown[]): Promise<T[]> {
    this.options.guard?.();
    return this.db.query<T>(sql, params);
  }
}

/** The shared budget on PostgreSQL; none on PGlite (one process, one runner: the local pacer is enough). */
export function sharedBudgetFor(db: ConsoleDb, options: SharedSendBudgetOptions): SendBudget | undefined {
  return db.kind === 'postgres' ? new SharedSendBudget(db, options) : undefined;
}
