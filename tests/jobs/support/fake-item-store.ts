/** An in-memory ItemStore: the runner's item seam without a database, for worker tests. */
import type { ClaimedItem, FenceResult, ItemOutcome, ItemStore } from '@/lib/jobs/runner';

export interface FakeItem {
  item: ClaimedItem;
  status: 'pending' | 'in_flight' | 'ok' | 'failed' | 'skipped' | 'unknown';
  sends: number;
  outcome: ItemOutcome | null;
  retries: { attempts: number; error: string }[];
}

export class FakeItemStore implements ItemStore {
  readonly items = new Map<string, FakeItem>();
  jobRunning = true;
  /** Finish calls to refuse (a database that fails), counted down. */
  failFinishes = 0;

  add(item: ClaimedItem, status: FakeItem['status'] = 'pending'): FakeItem {
    const entry: FakeItem = { item, status, sends: 0, outcome: null, retries: [] };
    this.items.set(`${item.jobId}/${item.seq}`, entry);
    return entry;
  }

  private entry(item: ClaimedItem): FakeItem | undefined {
    const entry = this.items.get(`${item.jobId}/${item.seq}`);
    return entry && entry.item.token === item.token && entry.status === 'in_flight' ? entry : undefined;
  }

  async claim(job: { id: string }, size: number): Promise<ClaimedItem[]> {
    const claimed = [...this.items.values()]
      .filter((entry) => entry.item.jobId === job.id && entry.status === 'pending')
      .slice(0, this.jobRunning ? size : 0);
    for (const entry of claimed) entry.status = 'in_flight';
    return claimed.map((entry) => entry.item);
  }

  async fence(item: ClaimedItem): Promise<FenceResult> {
    const entry = this.entry(item);
    if (!entry) return 'lost';
    if (!this.jobRunning) return 'job_not_running';
    entry.sends++;
    return 'send';
  }

  async finish(item: ClaimedItem, outcome: ItemOutcome): Promise<boolean> {
    if (this.failFinishes > 0) {
      this.failFinishes--;
      throw new Error('connection reset');
    }
    const entry = this.entry(item);
    if (!entry) return false;
    entry.status = outcome.status;
    entry.outcome = outcome;
    return true;
  }

  async recordRetry(item: ClaimedItem, attempts: number, lastTry: { error: string }): Promise<void> {
    this.entry(item)?.retries.push({ attempts, error: lastTry.error });
  }

  async markUnknown(item: ClaimedItem, why: string): Promise<boolean> {
    const entry = this.entry(item);
    if (!entry) return false;
    entry.status = 'unknown';
    entry.outcome = { status: 'failed', error: why };
    return true;
  }

  async release(item: ClaimedItem): Promise<boolean> {
    const entry = this.entry(item);
    if (!entry) return false;
    entry.status = this.jobRunning ? 'pending' : 'skipped';
    return true;
  }

  async recoverAbandoned(): Promise<number> {
    return 0;
  }
}
