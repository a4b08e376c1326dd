/**
 * The runners' reader of background dry runs (plan/background.ts has its statements). Started
 * and stopped with its runner (runner.ts); one dry run at a time per runner. For each page: wait
 * for the pacer, renew the claim (a cancel or a takeover stops it here), read the page with the
 * machine credential, then write its items and the progress in one transaction under the job's
 * lock. The last page ends the plan (the job becomes `planned`, with its dry-run summary); a
 * service failure that retries do not cure ends it `failed`, with the reason, for the operator to
 * retry or discard. Memory holds one page and the sample, whatever the selection's size.
 *
 * Reads are paced to the service's rate limit with a pacer of their own (the runner's paces the
 * item calls): it learns the limit from every answer, like the exports' reads.
 */
import type { ConsoleDb } from '@/lib/db';
import { isUpstreamError, type UpstreamClient } from '@/lib/upstream/client';
import { IdleWaits } from './idle-wait';
import { itemKindOf } from '../plan/item-kinds';
import { RatePacer } from '../pace/rate-pacer';
import { isLastPage, readFilterPage } from '../plan/read-selection';
import {
  claimPlan,
  endPlan,
  keepClaim,
  lockClaim,
  releasePlan,
  saveProgress,
  type ClaimedPlan,
} from '../plan/background';
import { DEFAULT_SAMPLE_SIZE, PlanWriter, summarisePlan, type AnyItemKind } from '../plan/writer';
import { errorText, Halted, type Clock, type JobRunnerEvent } from './shared';
import type { JobsUpstream } from './service-credential';

export interface PlannerOptions {
  db: ConsoleDb;
  upstream: JobsUpstream;
  instanceId: string;
  leaseSeconds: number;
  pollIntervalMs: number;
  clock: Clock;
  /** Tries per page for 5xx, timeouts and network errors, the first included. */
  maxAttempts: number;
  backoff: (attempt: number) => number;
  log: (event: JobRunnerEvent) => void;
  pacer?: RatePacer;
  random?: () => number;
}

export interface Planner {
  wake(): void;
  /** Stops after the page being read; the plan it held is given back for any runner to resume. */
  stop(): Promise<void>;
  /** A killed process: stops at once and writes nothing more (the claim lapses with its lease). */
  kill(): Promise<void>;
}

/** 429s one page may get before the plan fails. */
const MAX_RATE_LIMITED = 100;

/**
 * How often an idle planner looks for a dry run, at the most: a hand-over in this process wakes
 * it at once (wakeJobRunners), so the poll only finds another console's hand-overs and lapsed
 * leases, and must not add to a fast runner poll's load on the database.
 */
const MIN_POLL_MS = 1000;

type PageRead = Awaited<ReturnType<typeof readFilterPage>>;

export function startPlanner(options: PlannerOptions): Planner {
  return new BackgroundPlanner(options).start();
}

class BackgroundPlanner implements Planner {
  private state: 'running' | 'stopping' | 'killed' = 'running';
  private readonly halt = new AbortController();
  private readonly pacer: RatePacer;
  private loop: Promise<void> = Promise.resolve();
  private readonly idleWaits: IdleWaits;

  constructor(private readonly options: PlannerOptions) {
    this.pacer = options.pacer ?? new RatePacer({ random: options.random });
    this.idleWaits = new IdleWaits(options.clock, this.halt.signal);
  }

  start(): this {
    this.loop = this.run();
    return this;
  }

  wake(): void {
    this.idleWaits.wake();
  }

  async stop(): Promise<void> {
    if (this.state === 'running') this.state = 'stopping';
    this.halt.abort(new Halted('runner stopped'));
    this.wake();
    await this.loop;
  }

  async kill(): Promise<void> {
    this.state = 'killed';
    this.halt.abort(new Halted('runner killed'));
    this.wake();
    await this.loop;
  }

  private isStopping(): boolean {
    return this.state === 'stopping';
  }

  private guard(): void {
    if (this.state === 'killed') throw new Halted('runner killed');
  }

  private async idle(): Promise<void> {
    if (this.state !== 'running') return;
    await this.idleWaits.wait(Math.max(this.options.pollIntervalMs, MIN_POLL_MS));
  }

  private async run(): Promise<void> {
    while (this.state === 'running') {
      let plan: ClaimedPlan | null = null;
      try {
        plan = await claimPlan(this.options.db, this.options.instanceId, this.options.leaseSeconds);
        if (plan) await this.read(plan);
      } catch (error) {
        if (!(error instanceof Halted))
          this.options.log({
            type: 'error',
            message: `background dry run${plan ? ` of job ${plan.header.jobId}` : ''}: ${errorText(error)}`,
          });
      }
      if (plan && this.isStopping())
        await releasePlan(this.options.db, plan.header.jobId, this.options.instanceId).catch(() => {});
      if (!plan) await this.idle();
    }
  }

  private async read(plan: ClaimedPlan): Promise<void> {
    const { db, instanceId, clock } = this.options;
    const kind = itemKindOf(plan.header.action);
    const writer = new PlanWriter(db, plan.header, DEFAULT_SAMPLE_SIZE, plan.writer);
    const elapsed = () => clock.now() - plan.startedAt.getTime();
    for (let start = plan.nextStart; ; start += plan.pageSize) {
      if (this.state !== 'running') return;
      this.guard();
      let page: PageRead;
      try {
        page = await this.readPage(kind, plan, start);
      } catch (error) {
        if (error instanceof Halted) return;
        this.guard();
        const reason = failureText(error);
        await db.transaction(async (tx) => {
          if (await lockClaim(tx, plan.header.jobId, instanceId)) {
            await endPlan(tx, plan, {
              state: 'failed',
              writer: writer.state(),
              error: reason,
              summary: `dry run stopped after ${writer.pages} pages, ${writer.found} items: ${reason}`,
              durationMs: elapsed(),
            });
          }
        });
        return;
      }
      const last = isLastPage(page, start, plan.pageSize);
      this.guard();
      const kept = await db.transaction(async (tx) => {
        if (!(await lockClaim(tx, plan.header.jobId, instanceId))) return false;
        writer.reportedTotal ??= page.total;
        await writer.add(kind, page.rows, writer.defaultTarget, tx);
        if (!last) {
          await saveProgress(tx, plan.header.jobId, start + plan.pageSize, writer.state());
          return true;
        }
        const summary = await summarisePlan(tx, writer, elapsed());
        await endPlan(tx, plan, {
          state: 'done',
          writer: writer.state(),
          summary: `planned ${summary?.total ?? writer.found} items in the background (${writer.pages} pages)`,
          durationMs: elapsed(),
        });
        return true;
      });
      if (!kept || last) return;
    }
  }

  /** One page, paced; retries 429s, 5xx, timeouts and network errors, and a refused token once. */
  private async readPage(kind: AnyItemKind, plan: ClaimedPlan, start: number): Promise<PageRead> {
    const { clock } = this.options;
    let attempts = 0;
    let rateLimited = 0;
    let refreshed = false;
    for (;;) {
      for (let wait = this.pacer.delay(clock.now()); wait > 0; wait = this.pacer.delay(clock.now())) {
        await clock.sleep(Math.min(wait, 1000), this.halt.signal).catch(() => {
          throw new Halted('runner stopped');
        });
      }
      if (this.state !== 'running') throw new Halted('runner stopped');
      // The claim is renewed after the pacer's wait, right before the read: a cancel (or a
      // takeover) that came while it waited stops it here, with no read sent after it.
      if (!(await keepClaim(this.options.db, plan.header.jobId, this.options.instanceId)))
        throw new Halted("the dry run is no longer this runner's");
      let client: UpstreamClient;
      try {
        client = await this.options.upstream.client();
      } catch (error) {
        this.pacer.onCancelledSend();
        throw error;
      }
      this.pacer.onSend(clock.now());
      try {
        const page = await readFilterPage(client, kind, plan.filter, start, plan.pageSize, this.halt.signal);
        this.pacer.onAnswer(clock.now(), 200, page.rateLimit ?? null);
        return page;
      } catch (error) {
        if (this.halt.signal.aborted) throw new Halted('runner stopped');
        const upstream = isUpstreamError(error) ? error : null;
        this.pacer.onAnswer(clock.now(), upstream?.status ?? null, upstream?.rateLimit ?? null);
        if (upstream?.kind === 'rate_limited' && ++rateLimited < MAX_RATE_LIMITED) continue;
        if (upstream?.kind === 'unauthorized' && !refreshed) {
          refreshed = true;
          this.options.upstream.refresh(client);
          continue;
        }
        const transient =
          upstream !== null &&
          (upstream.kind === 'server' || upstream.kind === 'timeout' || upstream.kind === 'network');
        if (!transient || ++attempts >= this.options.maxAttempts) throw error;
        await clock.sleep(this.options.backoff(attempts), this.halt.signal).catch(() => {
          throw new Halted('runner stopped');
        });
      }
    }
  }
}

/** What the job page shows of a failure: the service's words, its request id, what to do. */
function failureText(error: unknown): string {
  if (!isUpstreamError(error)) return errorText(error).slice(0, 2000);
  const id = error.requestId ? ` Request id ${error.requestId}.` : '';
  return `${error.message}.${id} ${error.guidance}`.slice(0, 2000);
}
