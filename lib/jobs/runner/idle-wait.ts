/**
 * The idle wait of a job loop (the runner's workers, the planner): it ends after the poll
 * interval, at the next `wake()`, or once the loop halts, whichever comes first, and leaves no
 * timer or abort listener behind. (A wait raced against a wake-up left its sleep running until the
 * interval passed, with its listener on the halt signal: a few wakes a second piled up more than
 * Node's warning limit of 10.) A wake while no one waits is not kept: a loop reads the database
 * after each wait anyway.
 */
import type { Clock } from './shared';

export class IdleWaits {
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly clock: Pick<Clock, 'sleep'>,
    private readonly halt: AbortSignal,
  ) {}

  /** Ends every wait under way. */
  wake(): void {
    for (const end of [...this.waiting]) end();
  }

  async wait(ms: number): Promise<void> {
    if (this.halt.aborted) return;
    const nap = new AbortController();
    const end = () => nap.abort();
    this.waiting.add(end);
    this.halt.addEventListener('abort', end, { once: true });
    try {
      await this.clock.sleep(ms, nap.signal).catch(() => {});
    } finally {
      this.waiting.delete(end);
      this.halt.removeEventListener('abort', end);
    }
  }
}
