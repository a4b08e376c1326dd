/**
 * The job runner: one per console process (started by lib/server/start.ts through
 * process.ts), any number per database. It takes queued jobs, claims their items and
 * calls the service for each, with bounded concurrency, paced to the service's rate limit,
 * retrying what may be retried. Its parts: the item store (item-store.ts: claim, fence, finish,
 * release, retry, recover; the multi-runner safety is there), the mapping from an answer to the
 * next step (item-outcome.ts), one item's handling (worker.ts), the job-level maintenance
 * statements (maintenance.ts), what it is told and its defaults (options.ts). This file is the
 * lifecycle and the loops.
 *
 * Recovery: a runner heartbeats its row in bulk_job_runners. Items in flight for a runner whose
 * heartbeat is older than the lease (it died: SIGKILL, crash, host gone) go back to pending and
 * are resumed by any runner. Only those may be sent a second time; their `claims` is 2 and their
 * `sends` counts every request started. A runner also takes back any item in flight for longer
 * than 10 leases, whoever holds it.
 *
 * Pacing: one RatePacer per runner, i.e. per machine token, sharing one send budget with the
 * other runners on the same PostgreSQL (lib/jobs/pace/runner-pacer.ts). ASSUMPTION (as the emulator does): the
 * four message operations share one write bucket per token. Were the real service to limit per
 * endpoint, the runner would keep one pacer per action instead.
 *
 * A clean stop (`stop()`) claims nothing more, lets requests already sent finish and records
 * their outcomes, and puts every other item it holds (waiting for the pacer, a backoff or a
 * worker) back to pending at once: nothing waits for a lease.
 */
import { setMaxListeners } from 'node:events';
import type { ConsoleDb } from '@/lib/db';
import { withSpan } from '@/lib/observability/tracing';
import { IdleWaits } from './idle-wait';
import { createSqlItemStore, guardedItemStore, UNKNOWN_OUTCOME, type ClaimedItem, type ItemStore } from './item-store';
import {
  activeJobs,
  deleteAbandonedPlans,
  finishIfDone,
  heartbeat,
  markRunnerStopped,
  recordRunnerError,
  startQueuedJobs,
  type ActiveJob,
} from './maintenance';
import { startPlanner, type Planner } from './plan-reader';
import { createRunnerPacer } from '../pace/runner-pacer';
import {
  defaultInstanceId,
  itemLimits,
  logRunnerEvent,
  runnerTimings,
  type JobRunnerOptions,
  type RunnerTimings,
} from './options';
import { errorText, Halted, systemClock, type Clock, type JobRunnerEvent, type JobRunnerStats } from './shared';
import { registerWaker } from './wake';
import { OutcomeNotRecorded, processItem, type WorkerContext } from './worker';

export interface JobRunner {
  readonly instanceId: string;
  /** Resolves once the runner registered itself and ran its first recovery. */
  readonly ready: Promise<void>;
  /** Look for work now rather than at the next poll. */
  wake(): void;
  /** Stops claiming, finishes requests already sent, puts everything else back; see the module comment. */
  stop(): Promise<void>;
  /**
   * Test hook simulating a killed process: stops at once and writes nothing more to the
   * database (items stay in flight under this runner, its heartbeat stops). Requests already on
   * the wire still reach the service.
   */
  kill(): Promise<void>;
  stats(): JobRunnerStats;
}

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  return new Runner(options).start();
}

class Runner implements JobRunner {
  readonly instanceId: string;
  ready!: Promise<void>;
  private readonly db: ConsoleDb;
  private readonly store: ItemStore;
  private readonly options: RunnerTimings;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly log: (event: JobRunnerEvent) => void;
  private readonly worker: WorkerContext;

  private state: 'running' | 'stopping' | 'killed' | 'stopped' = 'running';
  /** Aborts every wait (pacer, backoff, idle) when stopping or killed. */
  private readonly halt = new AbortController();
  private readonly buffer: ClaimedItem[] = [];
  private claiming: Promise<void> | null = null;
  private active: ActiveJob[] = [];
  /** Items claimed and not yet finished or released (in the buffer or being processed): at most `concurrency`. */
  private held = 0;
  private readonly idleWaits: IdleWaits;
  private workers: Promise<void>[] = [];
  private maintenance: Promise<void> = Promise.resolve();
  private maintaining = false;
  private timer: NodeJS.Timeout | null = null;
  private lastHeartbeat = 0;
  private lastHousekeeping = 0;
  private unregisterWaker: () => void = () => {};
  private stopping: Promise<void> | null = null;
  /** Reads background dry runs (plan-reader.ts); stops and dies with the runner. */
  private planner: Planner | null = null;
  private readonly counters: JobRunnerStats = {
    sends: 0,
    answers: {},
    itemsFinished: 0,
    itemsReleased: 0,
    itemsRecovered: 0,
  };

  constructor(options: JobRunnerOptions) {
    this.db = options.db;
    this.instanceId = options.instanceId ?? defaultInstanceId();
    this.options = runnerTimings(options);
    this.clock = options.clock ?? systemClock;
    this.idleWaits = new IdleWaits(this.clock, this.halt.signal);
    this.random = options.random ?? Math.random;
    this.log = options.log ?? logRunnerEvent;
    this.store = guardedItemStore(options.store ?? createSqlItemStore(options.db), () => this.guard());
    this.worker = {
      store: this.store,
      upstream: options.upstream,
      pacer:
        options.pacer ??
        createRunnerPacer(options.db, {
          bucket: options.rateBucket ?? 'jobs',
          random: this.random,
          guard: () => this.guard(),
          onError: (error) =>
            this.log({ type: 'error', message: `the shared send budget failed: ${errorText(error)}` }),
        }),
      clock: this.clock,
      signal: this.halt.signal,
      state: () => this.state,
      limits: itemLimits(options),
      backoff: (attempt) => this.backoff(attempt),
      noTokenWaitMs: this.options.retryMaxMs,
      log: this.log,
      recordError: (error) => this.recordRunnerError(error),
      count: (event) => {
        if ('sent' in event) this.counters.sends++;
        else if ('answer' in event) {
          const key = event.answer === null ? 'none' : String(event.answer);
          this.counters.answers[key] = (this.counters.answers[key] ?? 0) + 1;
        } else if ('finished' in event) this.counters.itemsFinished++;
        else this.counters.itemsReleased++;
      },
    };
  }

  start(): this {
    // Every wait listens to this signal; several per worker are normal.
    setMaxListeners(0, this.halt.signal);
    this.ready = this.runMaintenance();
    this.unregisterWaker = registerWaker(() => this.wake());
    this.workers = Array.from({ length: this.options.concurrency }, () => this.ready.then(() => this.workLoop()));
    this.planner = startPlanner({
      ...this.options,
      db: this.db,
      upstream: this.worker.upstream,
      instanceId: this.instanceId,
      clock: this.clock,
      random: this.random,
      maxAttempts: this.worker.limits.maxAttempts,
      backoff: (attempt) => this.backoff(attempt),
      log: this.log,
    });
    this.timer = setInterval(() => {
      void this.runMaintenance();
    }, this.options.pollIntervalMs);
    this.timer.unref?.();
    return this;
  }

  wake(): void {
    this.planner?.wake();
    this.idleWaits.wake();
  }

  stats(): JobRunnerStats {
    return { ...this.counters, answers: { ...this.counters.answers } };
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.state !== 'running') return;
      this.state = 'stopping';
      this.shutdownLoops();
      await Promise.allSettled([...this.workers, this.planner?.stop()]);
      await this.claiming?.catch(() => {});
      // Claimed but never started: back to pending at once.
      const unstarted = this.buffer.splice(0);
      this.held -= unstarted.length;
      await Promise.allSettled(
        unstarted.map(async (item) => (await this.store.release(item)) && this.counters.itemsReleased++),
      );
      await this.maintenance.catch(() => {});
      await markRunnerStopped(this.db, this.instanceId).catch((error: unknown) =>
        this.log({ type: 'error', message: `could not record the runner's stop: ${errorText(error)}` }),
      );
      this.state = 'stopped';
    })();
    return this.stopping;
  }

  kill(): Promise<void> {
    if (this.state === 'running' || this.state === 'stopping') {
      this.state = 'killed';
      this.shutdownLoops();
    }
    return Promise.allSettled([...this.workers, this.maintenance, this.planner?.kill()]).then(() => undefined);
  }

  private shutdownLoops(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unregisterWaker();
    this.halt.abort(new Halted('runner stopped'));
    this.wake();
  }

  private get running(): boolean {
    return this.state === 'running';
  }

  /** Every database write of the work path goes through here: a killed runner writes nothing. */
  private guard(): void {
    if (this.state === 'killed') throw new Halted('runner killed');
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** (attempt - 1));
    return ceiling / 2 + this.random() * (ceiling / 2);
  }

  private async recordRunnerError(error: unknown): Promise<void> {
    if (this.state === 'killed') return;
    await recordRunnerError(this.db, this.instanceId, errorText(error)).catch(() => {});
  }

  // Maintenance: heartbeat, recovery, starting queued jobs, finishing ended ones

  private runMaintenance(): Promise<void> {
    // One at a time, and a tick that comes while one runs is dropped: a slow database must not pile them up.
    if (this.maintaining) return this.maintenance;
    this.maintaining = true;
    this.maintenance = (async () => {
      try {
        if (this.running) await this.maintain();
      } catch (error) {
        if (error instanceof Halted) return;
        this.log({ type: 'error', message: `runner maintenance failed: ${errorText(error)}` });
        await this.recordRunnerError(error);
      } finally {
        this.maintaining = false;
      }
    })();
    return this.maintenance;
  }

  /**
   * Every tick reads the queued and active jobs; the writes (heartbeat, recovery, clean-up) run
   * only while jobs are active or once per quarter lease, so an idle console costs its database
   * two reads a tick rather than a handful of writes.
   */
  private async maintain(): Promise<void> {
    const now = this.clock.now();
    const quarterLeaseMs = (this.options.leaseSeconds * 1000) / 4;
    if (now - this.lastHeartbeat >= quarterLeaseMs) {
      this.guard();
      await heartbeat(this.db, this.instanceId);
      this.lastHeartbeat = now;
    }
    if (this.active.length > 0 || now - this.lastHousekeeping >= quarterLeaseMs) {
      const recovered = await this.store.recoverAbandoned(this.instanceId, this.options.leaseSeconds);
      await deleteAbandonedPlans(this.db);
      if (recovered > 0) {
        this.counters.itemsRecovered += recovered;
        this.log({ type: 'items_recovered', count: recovered });
      }
      this.lastHousekeeping = now;
    }
    for (const job of await startQueuedJobs(this.db, () => this.guard()))
      this.log({ type: 'job_started', jobId: job.id, run: job.runs });
    this.active = await activeJobs(this.db);
    for (const job of this.active) await this.finishIfDone(job.id);
    if (this.active.length > 0) this.wake();
  }

  private async finishIfDone(jobId: string): Promise<void> {
    this.guard();
    const finished = await finishIfDone(this.db, jobId);
    if (!finished) return;
    this.active = this.active.filter((job) => job.id !== jobId);
    this.log({
      type: 'job_finished',
      jobId,
      status: finished.status,
      ok: finished.counts.ok,
      failed: finished.counts.failed,
      skipped: finished.counts.skipped,
    });
  }

  // Workers

  private async workLoop(): Promise<void> {
    while (this.running) {
      let item: ClaimedItem | undefined;
      try {
        item = await this.nextItem();
      } catch (error) {
        if (error instanceof Halted) return;
        this.log({ type: 'error', message: `claiming items failed: ${errorText(error)}` });
        await this.recordRunnerError(error);
        await this.idle();
        continue;
      }
      if (!item) {
        await this.idle();
        continue;
      }
      try {
        const traced = item;
        await withSpan(
          'job item',
          {
            root: true,
            attributes: { 'job.id': traced.jobId, 'job.item.seq': traced.seq, 'job.action': traced.action },
          },
          () => processItem(this.worker, traced),
        );
      } catch (error) {
        if (!(error instanceof Halted)) {
          this.log({ type: 'error', message: `item ${item.seq} of job ${item.jobId}: ${errorText(error)}` });
          await this.recordRunnerError(error);
          // Not sent: back to pending for any runner.
          // Sent but unrecorded: never pending again. Marked unknown now if the database lets
          // us; otherwise recovery marks it unknown after ten leases (it was sent).
          if (error instanceof OutcomeNotRecorded) await this.store.markUnknown(item, UNKNOWN_OUTCOME).catch(() => {});
          else await this.store.release(item).catch(() => {});
        }
      } finally {
        this.held--;
      }
    }
  }

  private async idle(): Promise<void> {
    if (!this.running) return;
    await this.idleWaits.wait(this.options.pollIntervalMs);
  }

  private async nextItem(): Promise<ClaimedItem | undefined> {
    for (;;) {
      const item = this.buffer.shift();
      if (item) return item;
      if (!this.running) return undefined;
      if (this.claiming) {
        await this.claiming;
        continue;
      }
      let claimedAny = false;
      this.claiming = this.claimBatch().then((count) => {
        claimedAny = count > 0;
      });
      try {
        await this.claiming;
      } finally {
        this.claiming = null;
      }
      if (!claimedAny) return this.buffer.shift();
    }
  }

  /** Claims up to `concurrency - held` items from the oldest running job that has pending items. */
  private async claimBatch(): Promise<number> {
    const size = this.options.concurrency - this.held;
    if (size <= 0) return 0;
    for (const job of [...this.active]) {
      if (job.status !== 'running') continue;
      const items = await this.store.claim(job, size, this.instanceId);
      if (items.length > 0) {
        this.held += items.length;
        this.buffer.push(...items);
        return items.length;
      }
      // Nothing pending: the job may have ended (its last items finished elsewhere).
      await this.finishIfDone(job.id);
    }
    return 0;
  }
}
