/**
 * Paces an operator's export reads to the service's rate limit with the pacer the bulk jobs use
 * (lib/jobs/pace/rate-pacer.ts): the service limits per token, so all exports of one operator share one
 * pacer, which learns the limit from every answer and leaves `headroom` requests of each window
 * to the operator's other work (pages, actions). The pacer is dropped when the operator's last
 * export ends.
 */
import { RatePacer } from '@/lib/jobs/pace';
import { sleep } from '@/lib/sleep';
import { isUpstreamError, type RateLimitInfo } from '@/lib/upstream/client';

interface Shared {
  pacer: RatePacer;
  users: number;
}

/** Time for the pacer; tests pass a fake one. */
export interface PacingTime {
  now: () => number;
  wait: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** One export's reads, paced against the service's rate limit; `done` when the export ends. */
export interface PacedReader {
  read: <T extends { rateLimit?: RateLimitInfo }>(call: () => Promise<T>, signal?: AbortSignal) => Promise<T>;
  done: () => void;
}

export class ExportPacing {
  private readonly shared = new Map<string, Shared>();

  constructor(
    private readonly headroom: number,
    private readonly clock: PacingTime = { now: Date.now, wait: sleep },
  ) {}

  /**
   * The paced reader of one export of `operatorId`: each read waits its turn, then its answer
   * (or failure) teaches the pacer. Call `done` when the export ends.
   */
  open(operatorId: string): PacedReader {
    let entry = this.shared.get(operatorId);
    if (!entry) {
      entry = { pacer: new RatePacer({ headroom: this.headroom }), users: 0 };
      this.shared.set(operatorId, entry);
    }
    entry.users++;
    const { pacer } = entry;
    let finished = false;
    const read = async <T extends { rateLimit?: RateLimitInfo }>(
      call: () => Promise<T>,
      signal?: AbortSignal,
    ): Promise<T> => {
      for (let wait = pacer.delay(this.clock.now()); wait > 0; wait = pacer.delay(this.clock.now()))
        await this.clock.wait(wait, signal);
      pacer.onSend(this.clock.now());
      try {
        const result = await call();
        pacer.onAnswer(this.clock.now(), 200, result.rateLimit);
        return result;
      } catch (error) {
        if (isUpstreamError(error)) pacer.onAnswer(this.clock.now(), error.status ?? null, error.rateLimit);
        else pacer.onAnswer(this.clock.now(), null, null);
        throw error;
      }
    };
    const done = () => {
      if (finished) return;
      finished = true;
      const current = this.shared.get(operatorId);
      if (current && --current.users <= 0) this.shared.delete(operatorId);
    };
    return { read, done };
  }

  /** Operators with an export under way (their pacers are kept). */
  operators(): number {
    return this.shared.size;
  }
}
