/**
 * Paces one runner's requests to the service's rate limit. Pure: the caller passes the time,
 * so tests drive it with a fake clock.
 *
 * The service counts requests per token in windows and says so on every answer
 * (`X-RateLimit-Limit`, `-Remaining`, `-Reset`). The pacer:
 * - starts conservatively: one request at a time until the first answer tells the limits;
 * - learns the limit, what is left and when the window resets from every answer, success or not,
 *   keyed by the reset time so that a late answer from an earlier window changes nothing;
 * - counts a window's use as the larger of its own sends and what the service reported, and
 *   never sends when nothing is left, until the reset (plus a small guard);
 * - spreads what is left evenly over what is left of the window instead of bursting, so that
 *   concurrent workers and window edges cause at most a handful of 429s;
 * - after a 429 waits until the reset plus jitter (at least `minBackoffMs` when the reset is
 *   unknown or already past, e.g. with clock skew);
 * - without any rate-limit headers, sends one request per `fallbackIntervalMs`;
 * - reckons windows in the service's time (service-clock.ts), bounded from the answers to sends
 *   whose time the caller passes, so that a clock off from the service's does not send into the
 *   wrong window;
 * - with a shared budget (shared-budget.ts: several instances, one service budget) sends only
 *   with a grant of the window in hand, and spreads what it holds plus what the window has left
 *   for anyone over what is left of the window: with n instances each doing so, the window's
 *   budget is spent by its end, not before.
 */
import type { SendBudget } from './shared-budget';
import { ServiceClockOffset } from './service-clock';

/** How soon to look again while a batch of grants is being fetched. */
const BUDGET_POLL_MS = 2;
/** The most a slow dispatch moves a window's last slot forward. */
const MAX_DISPATCH_LAG_MS = 250;

export interface RateLimitObservation {
  limit: number | null;
  remaining: number | null;
  /** When the window resets, epoch ms. */
  resetAt: number | null;
}

/** The pacer's settings where its options leave them out. */
const RATE_PACER_DEFAULTS = {
  fallbackIntervalMs: 200,
  resetGuardMs: 25,
  jitterMs: 100,
  minBackoffMs: 1000,
  maxWaitMs: 60_000,
  defaultWindowMs: 1000,
  headroom: 0,
} as const;

/** Each setting's default is in RATE_PACER_DEFAULTS. */
export interface RatePacerOptions {
  /** Spacing before the limits are known and when the service never sends them. */
  fallbackIntervalMs?: number;
  /** Wait this long past a reset before the next send, so it lands in the new window. */
  resetGuardMs?: number;
  /** Up to this much random extra wait after a 429. */
  jitterMs?: number;
  /** Wait after a 429 whose reset is unknown or past. */
  minBackoffMs?: number;
  /** Never wait longer than this for a reset (a clock far off). */
  maxWaitMs?: number;
  /** Window length assumed until two resets were seen. */
  defaultWindowMs?: number;
  /** Leave this many requests of each window unused (share with other clients). */
  headroom?: number;
  /** The budget shared with other instances sending with the same credential; none: this pacer alone. */
  budget?: SendBudget;
  random?: () => number;
}

export interface PacerSnapshot {
  limit: number | null;
  used: number;
  windowResetAt: number | null;
  windowMs: number | null;
  blockedUntil: number;
  unanswered: number;
  rateLimited: number;
  /** The service's clock minus ours, as estimated. */
  clockOffsetMs: number;
}

export class RatePacer {
  private readonly fallbackIntervalMs: number;
  private readonly resetGuardMs: number;
  private readonly jitterMs: number;
  private readonly minBackoffMs: number;
  private readonly maxWaitMs: number;
  private readonly defaultWindowMs: number;
  private readonly headroom: number;
  private readonly budget: SendBudget | undefined;
  private readonly random: () => number;
  private readonly serviceClock = new ServiceClockOffset();

  private limit: number | null = null;
  private windowResetAt: number | null = null;
  private windowMs: number | null = null;
  /** The latest reset the service's answers gave (windowResetAt may be a prediction past it). */
  private observedResetAt: number | null = null;
  /** Requests counted against the current window. */
  private used = 0;
  private unanswered = 0;
  private answered = 0;
  private lastSendAt = Number.NEGATIVE_INFINITY;
  private blockedUntil = 0;
  private rateLimited = 0;
  /** How long requests recently took from their slot to the wire (decaying maximum), ms. */
  private dispatchLagMs = 0;
  /** Sent with a shared budget but without a grant (probes): charged to the window once it is known. */
  private ungranted = 0;

  constructor(options: RatePacerOptions = {}) {
    this.fallbackIntervalMs = options.fallbackIntervalMs ?? RATE_PACER_DEFAULTS.fallbackIntervalMs;
    this.resetGuardMs = options.resetGuardMs ?? RATE_PACER_DEFAULTS.resetGuardMs;
    this.jitterMs = options.jitterMs ?? RATE_PACER_DEFAULTS.jitterMs;
    this.minBackoffMs = options.minBackoffMs ?? RATE_PACER_DEFAULTS.minBackoffMs;
    this.maxWaitMs = options.maxWaitMs ?? RATE_PACER_DEFAULTS.maxWaitMs;
    this.defaultWindowMs = options.defaultWindowMs ?? RATE_PACER_DEFAULTS.defaultWindowMs;
    this.headroom = options.headroom ?? RATE_PACER_DEFAULTS.headroom;
    this.budget = options.budget;
    this.random = options.random ?? Math.random;
  }

  /** Milliseconds to wait before the next request may be sent; 0 means now (then call onSend). */
  delay(localNow: number): number {
    const now = this.serviceTime(localNow);
    if (now < this.blockedUntil) return Math.min(this.blockedUntil - now, this.maxWaitMs);
    this.rollWindow(now);
    if (this.limit === null || (this.budget && this.windowResetAt === null)) {
      // Nothing known yet: one probe at a time; an answer without headers gives the fallback pace.
      if (this.answered === 0 && this.unanswered > 0) return this.fallbackIntervalMs;
      return Math.max(0, this.lastSendAt + this.fallbackIntervalMs - now);
    }
    const available = this.limit - this.headroom - this.used;
    if (available <= 0) {
      if (this.windowResetAt === null) return this.fallbackIntervalMs;
      return clamp(this.windowResetAt + this.resetGuardMs - now, 1, this.maxWaitMs);
    }
    let spreadOver = available;
    if (this.budget && this.windowResetAt !== null) {
      const share = this.budget.share(
        this.windowResetAt,
        this.limit - this.headroom,
        this.windowMs ?? this.defaultWindowMs,
      );
      if (share.held <= 0) {
        if (share.pending) return BUDGET_POLL_MS;
        return clamp(this.windowResetAt + this.resetGuardMs - now, 1, this.maxWaitMs);
      }
      spreadOver = Math.min(available, share.held + share.unclaimed);
      // Not in the window's last moments either: a send then may reach the service after the
      // reset (latency, what is left of a clock's skew) and count in a window it has no grant of.
      if (this.windowResetAt - now < this.endGuardMs())
        return clamp(this.windowResetAt + this.resetGuardMs - now, 1, this.maxWaitMs);
    }
    const end =
      this.windowResetAt === null
        ? now + (this.windowMs ?? this.defaultWindowMs)
        : this.windowResetAt - (this.budget ? this.endGuardMs() : 0);
    const left = end - now;
    const spacing = Math.max(0, left) / spreadOver;
    return Math.max(0, Math.ceil(this.lastSendAt + spacing - now));
  }

  /** A request is being sent now. */
  onSend(localNow: number): void {
    const now = this.serviceTime(localNow);
    this.rollWindow(now);
    if (this.budget && !(this.windowResetAt !== null && this.budget.take(this.windowResetAt))) this.ungranted++;
    this.used++;
    this.unanswered++;
    this.lastSendAt = now;
  }

  /**
   * The request whose slot was taken `lagMs` ago is on the wire now (after the fence's database
   * write): with a shared budget, slots stop that much earlier before a window's end, so a grant
   * of one window is not spent in the next.
   */
  onDispatched(lagMs: number): void {
    this.dispatchLagMs = Math.min(Math.max(lagMs, this.dispatchLagMs * 0.9), MAX_DISPATCH_LAG_MS);
  }

  /** A request counted by onSend was not sent after all. */
  onCancelledSend(): void {
    if (this.ungranted > 0) this.ungranted--;
    else if (this.budget && this.windowResetAt !== null) this.budget.giveBack(this.windowResetAt);
    this.used = Math.max(0, this.used - 1);
    this.unanswered = Math.max(0, this.unanswered - 1);
  }

  /**
   * The answer to a sent request: its status (null when there was none: timeout, network) and
   * its rate-limit headers; `sentAt` (when it was sent, our clock) lets the pacer bound the
   * service's clock.
   */
  onAnswer(
    localNow: number,
    status: number | null,
    info: RateLimitObservation | null | undefined,
    sentAt?: number,
  ): void {
    if (info?.resetAt != null && status !== null) {
      this.serviceClock.observe({
        sentAt: sentAt ?? null,
        answeredAt: localNow,
        resetAt: info.resetAt,
        windowMs: this.windowMs,
      });
    }
    const now = this.serviceTime(localNow);
    this.unanswered = Math.max(0, this.unanswered - 1);
    if (status !== null) this.answered++;
    this.learn(now, info);
    if (this.budget && this.ungranted > 0 && this.limit !== null && this.windowResetAt !== null) {
      // Probes sent before the window was known: counted in it now, so the others leave room for them.
      this.budget.charge(
        this.windowResetAt,
        this.ungranted,
        this.limit - this.headroom,
        this.windowMs ?? this.defaultWindowMs,
      );
      this.ungranted = 0;
    }
    if (status === 429) {
      this.rateLimited++;
      const resetAt = info?.resetAt ?? null;
      if (this.limit !== null && (resetAt === null || resetAt === this.windowResetAt))
        this.used = Math.max(this.used, this.limit);
      const jitter = this.random() * this.jitterMs;
      const until = resetAt !== null && resetAt > now ? resetAt + this.resetGuardMs : now + this.minBackoffMs;
      this.blockedUntil = Math.max(this.blockedUntil, Math.min(until + jitter, now + this.maxWaitMs));
      const window = resetAt ?? this.windowResetAt;
      if (this.budget && this.limit !== null && window !== null)
        this.budget.exhaust(window, this.limit - this.headroom, this.windowMs ?? this.defaultWindowMs);
    }
  }

  snapshot(): PacerSnapshot {
    return {
      limit: this.limit,
      used: this.used,
      windowResetAt: this.windowResetAt,
      windowMs: this.windowMs,
      blockedUntil: this.blockedUntil,
      unanswered: this.unanswered,
      rateLimited: this.rateLimited,
      clockOffsetMs: this.serviceClock.offset,
    };
  }

  /** What another instance learned (shared-budget.ts), for a pacer that has not learned it yet. */
  prime(learned: { limit: number; windowMs: number }): void {
    this.limit ??= learned.limit;
    this.windowMs ??= learned.windowMs;
  }

  /** No slot this close to a window's end (shared budget only). */
  private endGuardMs(): number {
    return this.resetGuardMs + this.dispatchLagMs;
  }

  private serviceTime(localNow: number): number {
    return localNow + this.serviceClock.offset;
  }

  private learn(now: number, info: RateLimitObservation | null | undefined): void {
    if (!info) return;
    if (info.limit !== null && info.limit > 0) this.limit = info.limit;
    const resetAt = info.resetAt;
    if (resetAt === null) {
      // A limit without a reset time: assume the default window from now, so that a window
      // used up is over at some point (nothing else would ever free it).
      if (this.limit !== null && this.windowResetAt === null) this.windowResetAt = now + this.defaultWindowMs;
      if (info.remaining !== null && this.limit !== null) this.used = Math.max(this.used, this.limit - info.remaining);
      return;
    }
    const observed = this.observedResetAt;
    if (observed !== null && resetAt <= observed && resetAt !== this.windowResetAt) return; // a late answer from an earlier window
    if (observed === null || resetAt > observed) {
      // The shortest gap between two resets the service gave is the window (or a multiple of it).
      // A predicted reset is not one: measured against it, a wrong guess would become the window.
      if (observed !== null && (this.windowMs === null || resetAt - observed < this.windowMs))
        this.windowMs = resetAt - observed;
      this.observedResetAt = resetAt;
      if (resetAt !== this.windowResetAt) {
        this.windowResetAt = resetAt;
        this.used = 0;
      }
    }
    if (info.remaining !== null && this.limit !== null) this.used = Math.max(this.used, this.limit - info.remaining);
  }

  /** Past the reset: a new window, predicted from the window length until an answer confirms it. */
  private rollWindow(now: number): void {
    if (this.windowResetAt === null || now < this.windowResetAt + this.resetGuardMs) return;
    const windowMs = this.windowMs ?? this.defaultWindowMs;
    const passed = Math.floor((now - this.windowResetAt) / windowMs) + 1;
    this.windowResetAt += passed * windowMs;
    this.used = 0;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
