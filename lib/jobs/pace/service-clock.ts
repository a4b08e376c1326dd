/**
 * How far the service's clock is from ours, bounded from its rate-limit answers, so that the
 * pacer (rate-pacer.ts) reckons its windows in the service's time: two instances whose clocks
 * disagree then still agree on which window a send lands in, and one whose clock runs ahead
 * does not start the next window's budget while the service is still counting the current one.
 *
 * An answer whose window ends at `resetAt` (service time) was handled after it was sent and
 * before the window ended: `sentAt + offset < resetAt`, an upper bound. When windows are whole
 * seconds (so the reset header, in whole seconds, is exact), it was also handled after the window
 * began and before the answer came: `resetAt - windowMs < answeredAt + offset`, a lower bound.
 * The estimate is 0 (our clock) unless the bounds exclude it; then the nearest bound, moved a
 * little inside (the truth is rarely right at the edge). Bounds that contradict each other (a clock stepped, windows
 * not as assumed) start over from the latest answer.
 */
/** How far inside its bounds the estimate keeps (when they are that far apart), ms. */
const MARGIN_MS = 10;

export class ServiceClockOffset {
  private lower = Number.NEGATIVE_INFINITY;
  private upper = Number.POSITIVE_INFINITY;

  /** Service time minus our time, ms. */
  get offset(): number {
    const margin = Math.min(MARGIN_MS, (this.upper - this.lower) / 2);
    if (this.lower > 0) return this.lower + margin;
    if (this.upper < 0) return this.upper - margin;
    return 0;
  }

  observe(answer: { sentAt: number | null; answeredAt: number; resetAt: number; windowMs: number | null }): void {
    const upper = answer.sentAt === null ? Number.POSITIVE_INFINITY : answer.resetAt - answer.sentAt;
    const exact = answer.windowMs !== null && answer.windowMs % 1000 === 0;
    const lower = exact ? answer.resetAt - answer.windowMs! - answer.answeredAt : Number.NEGATIVE_INFINITY;
    if (lower > this.upper || upper < this.lower) {
      this.lower = lower;
      this.upper = upper;
      return;
    }
    this.lower = Math.max(this.lower, lower);
    this.upper = Math.min(this.upper, upper);
  }
}
