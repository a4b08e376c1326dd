/**
 * The job runner: one per console process (started by lib/server/start.ts), any number per
 * database. It takes queued jobs, claims their items and calls the service for each, with
 * bounded concurrency, paced to the service's rate limit, retrying what may be retried.
 *
 * Safety with several runners on one PostgreSQL:
 * - items are claimed with `FOR UPDATE SKIP LOCKED`, each claim with a fresh claim token;
 * - right before each request, one statement checks that the claim is still this runner's and
 *   the job still running, and counts the send (`sends`); a runner that lost its claim (or whose
 *   job was cancelled) does not send;
 * - outcomes are written only under the claim token.
 * Recovery: a runner heartbeats its row in bulk_job_runners. Items in flight for a runner whose
 * heartbeat is older than the lease (it died: SIGKILL, crash, host gone) go back to pending and
 * are resumed by any runner. Only those may be sent a second time; their `claims` is 2 and their
 * `sends` counts every request started. A runner also takes back any item in flight for longer
 * than 10 leases, whoever holds it.
 *
 * Pacing: one RatePacer per runner, i.e. per machine token. ASSUMPTION (as the emulator does): the
 * four message operations share one write bucket per token. Were the real service to limit per
 * endpoint, the runner would keep one pacer per action instead.
 *
 * A clean stop (`stop()`) claims nothing more, lets requests already sent finish and records
 * their outcomes, and puts every other item it holds (waiting for the pacer, a backoff or a
 * worker) back to pending at once: nothing waits for a lease.
 */
import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { getConsoleDb, type ConsoleDb } from '@/lib/db';
import { sleep } from '@/lib/sleep';
import { isUnreadableSuccess, isUpstreamError, type UpstreamError } from '@/lib/upstream/errors';
import type { UpstreamClient } from '@/lib/upstream/client';
import { recordRunIntent, recordRunOutcome } from '@/lib/audit/job-runs';
import { runOperation, type JobAction } from './operations';
import { RatePacer } from './pacer';
import { machineUpstreamFromSettings, type JobsUpstream } from './service-credential';
import { jobsSettings } from './settings';
import { COUNTS_SQL, countsFrom, JOB_COLUMNS, jobRowSchema, type CountsRow } from './types';
import { registerWaker } from './wake';

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep,
};

export type JobRunnerEvent =
  | { type: 'job_started'; jobId: string; run: number }
  | { type: 'job_finished'; jobId: string; status: 'completed' | 'cancelled'; ok: number; failed: number; skipped: number }
  | { type: 'items_recovered'; count: number }
  | { type: 'claim_lost'; jobId: string; seq: number }
  | { type: 'error'; message: string };

export interface JobRunnerOptions {
  db: ConsoleDb;
  upstream: JobsUpstream;
  /** Names this runner in claimed_by and bulk_job_runners; unique per process. */
  instanceId?: string;
  concurrency?: number;
  /** Tries per item for 5xx, timeouts and network errors, the first included. */
  maxAttempts?: number;
  leaseSeconds?: number;
  /** How often it looks for new jobs and dead runners; default 1000 ms. */
  pollIntervalMs?: number;
  /** Backoff before the n-th retry: between half and all of min(retryMaxMs, retryBaseMs * 2^(n-1)). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** 429s one item may get before it is failed; default 100. */
  maxRateLimitRetries?: number;
  clock?: Clock;
  random?: () => number;
  pacer?: RatePacer;
  log?: (event: JobRunnerEvent) => void;
}

export interface JobRunnerStats {
  /** Requests sent. */
  sends: number;
  /** Answers by HTTP status ("none" for timeouts and network errors). */
  answers: Record<string, number>;
  itemsFinished: number;
  itemsReleased: number;
  itemsRecovered: number;
}

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

interface ClaimedItem {
  jobId: string;
  action: JobAction;
  seq: number;
  itemId: string;
  targetStatus: string | null;
  statusBefore: string | null;
  attempts: number;
  token: string;
}

interface ActiveJob {
  id: string;
  action: JobAction;
  status: 'running' | 'cancelling';
}

/** Thrown inside a worker when the runner stops or is killed; never escapes. */
class Halted extends Error {}

/** An item was sent but its outcome could not be written: it must not be sent again. */
class OutcomeNotRecorded extends Error {
  constructor(item: { jobId: string; seq: number }, cause: unknown) {
    super(`item ${item.seq} of job ${item.jobId} was sent, but its outcome could not be recorded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Tries to record a sent item's outcome before giving up on the write. */
const OUTCOME_WRITE_ATTEMPTS = 5;

const defaultLog = (event: JobRunnerEvent) => {
  if (event.type === 'error') console.error(`[jobs] ${event.message}`);
  else if (event.type === 'claim_lost') console.warn(`[jobs] lost the claim on item ${event.seq} of job ${event.jobId}`);
  else if (event.type === 'items_recovered') console.info(`[jobs] resumed ${event.count} items of a runner that stopped answering`);
  else if (event.type === 'job_started') console.info(`[jobs] job ${event.jobId} started (run ${event.run})`);
  else console.info(`[jobs] job ${event.jobId} ${event.status}: ${event.ok} ok, ${event.failed} failed, ${event.skipped} skipped`);
};

export function defaultInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  return new Runner(options).start();
}

class Runner implements JobRunner {
  readonly instanceId: string;
  ready!: Promise<void>;
  private readonly db: ConsoleDb;
  private readonly upstream: JobsUpstream;
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  private readonly leaseSeconds: number;
  private readonly pollIntervalMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly maxRateLimitRetries: number;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly pacer: RatePacer;
  private readonly log: (event: JobRunnerEvent) => void;

  private state: 'running' | 'stopping' | 'killed' | 'stopped' = 'running';
  /** Aborts every wait (pacer, backoff, idle) when stopping or killed. */
  private readonly halt = new AbortController();
  private readonly buffer: ClaimedItem[] = [];
  private claiming: Promise<void> | null = null;
  private active: ActiveJob[] = [];
  /** Items claimed and not yet finished or released (in the buffer or being processed): at most `concurrency`. */
  private held = 0;
  private wakeUp: { promise: Promise<void>; resolve: () => void } = deferred();
  private workers: Promise<void>[] = [];
  private maintenance: Promise<void> = Promise.resolve();
  private maintaining = false;
  private timer: NodeJS.Timeout | null = null;
  private lastHeartbeat = 0;
  private lastHousekeeping = 0;
  private unregisterWaker: () => void = () => {};
  private stopping: Promise<void> | null = null;
  private readonly counters: JobRunnerStats = { sends: 0, answers: {}, itemsFinished: 0, itemsReleased: 0, itemsRecovered: 0 };

  constructor(options: JobRunnerOptions) {
    this.db = options.db;
    this.upstream = options.upstream;
    this.instanceId = options.instanceId ?? defaultInstanceId();
    this.concurrency = options.concurrency ?? 4;
    this.maxAttempts = options.maxAttempts ?? 4;
    this.leaseSeconds = options.leaseSeconds ?? 60;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.retryBaseMs = options.retryBaseMs ?? 250;
    this.retryMaxMs = options.retryMaxMs ?? 10_000;
    this.maxRateLimitRetries = options.maxRateLimitRetries ?? 100;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.pacer = options.pacer ?? new RatePacer({ random: this.random });
    this.log = options.log ?? defaultLog;
  }

  start(): this {
    // Every wait listens to this signal; several per worker are normal.
    setMaxListeners(0, this.halt.signal);
    this.ready = this.runMaintenance();
    this.unregisterWaker = registerWaker(() => this.wake());
    this.workers = Array.from({ length: this.concurrency }, () => this.ready.then(() => this.workLoop()));
    this.timer = setInterval(() => {
      void this.runMaintenance();
    }, this.pollIntervalMs);
    this.timer.unref?.();
    return this;
  }

  wake(): void {
    const current = this.wakeUp;
    this.wakeUp = deferred();
    current.resolve();
  }

  stats(): JobRunnerStats {
    return { ...this.counters, answers: { ...this.counters.answers } };
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.state !== 'running') return;
      this.state = 'stopping';
      this.shutdownLoops();
      await Promise.allSettled(this.workers);
      await this.claiming?.catch(() => {});
      // Claimed but never started: back to pending at once.
      const unstarted = this.buffer.splice(0);
      this.held -= unstarted.length;
      await Promise.allSettled(unstarted.map((item) => this.release(item)));
      await this.maintenance.catch(() => {});
      await this.db
        .query(`UPDATE bulk_job_runners SET stopped_at = now(), heartbeat_at = now() WHERE instance_id = $1`, [this.instanceId])
        .catch((error: unknown) => this.log({ type: 'error', message: `could not record the runner's stop: ${errorText(error)}` }));
      this.state = 'stopped';
    })();
    return this.stopping;
  }

  kill(): Promise<void> {
    if (this.state === 'running' || this.state === 'stopping') {
      this.state = 'killed';
      this.shutdownLoops();
    }
    return Promise.allSettled([...this.workers, this.maintenance]).then(() => undefined);
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

  // ------------------------------------------------------------------------------------------
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
    const quarterLeaseMs = (this.leaseSeconds * 1000) / 4;
    if (now - this.lastHeartbeat >= quarterLeaseMs) {
      this.guard();
      await this.db.query(
        `INSERT INTO bulk_job_runners (instance_id) VALUES ($1)
         ON CONFLICT (instance_id) DO UPDATE SET heartbeat_at = now(), stopped_at = NULL`,
        [this.instanceId],
      );
      this.lastHeartbeat = now;
    }
    if (this.active.length > 0 || now - this.lastHousekeeping >= quarterLeaseMs) {
      await this.recoverAbandonedItems();
      this.lastHousekeeping = now;
    }
    await this.startQueuedJobs();
    await this.refreshActiveJobs();
    for (const job of this.active) await this.finishIfDone(job.id);
    if (this.active.length > 0) this.wake();
  }

  private async recoverAbandonedItems(): Promise<void> {
    this.guard();
    const recovered = await this.db.query<{ seq: number }>(
      `UPDATE bulk_job_items i
       SET status = CASE WHEN j.status IN ('cancelling', 'cancelled') THEN 'skipped' ELSE 'pending' END,
           error = CASE WHEN j.status IN ('cancelling', 'cancelled') THEN 'cancelled' ELSE i.error END,
           finished_at = CASE WHEN j.status IN ('cancelling', 'cancelled') THEN now() ELSE NULL END,
           claim_token = NULL
       FROM bulk_jobs j
       WHERE j.id = i.job_id AND i.status = 'in_flight'
         AND i.claimed_at < now() - make_interval(secs => $2)
         AND (i.claimed_at < now() - make_interval(secs => $2 * 10)
              OR (i.claimed_by IS DISTINCT FROM $1
                  AND NOT EXISTS (SELECT 1 FROM bulk_job_runners r
                                  WHERE r.instance_id = i.claimed_by AND r.stopped_at IS NULL
                                    AND r.heartbeat_at > now() - make_interval(secs => $2))))
       RETURNING i.seq`,
      [this.instanceId, this.leaseSeconds],
    );
    // Pending items of a cancelled job (released by a runner while the cancel committed) end as skipped.
    await this.db.query(
      `UPDATE bulk_job_items i SET status = 'skipped', error = 'cancelled', finished_at = now()
       FROM bulk_jobs j
       WHERE j.id = i.job_id AND i.status = 'pending'
         AND (j.status = 'cancelling' OR (j.status = 'cancelled' AND j.finished_at > now() - interval '10 minutes'))`,
    );
    // A dry run whose process died while reading: never confirmable, removed after an hour.
    await this.db.query(`DELETE FROM bulk_jobs WHERE status = 'planning' AND created_at < now() - interval '1 hour'`);
    if (recovered.length > 0) {
      this.counters.itemsRecovered += recovered.length;
      this.log({ type: 'items_recovered', count: recovered.length });
    }
  }

  private async startQueuedJobs(): Promise<void> {
    const queued = await this.db.query<{ id: string }>(`SELECT id FROM bulk_jobs WHERE status = 'queued' ORDER BY created_at, id`);
    for (const { id } of queued) {
      this.guard();
      const started = await this.db.transaction(async (tx) => {
        const [row] = await tx.query(
          `UPDATE bulk_jobs SET status = 'running', started_at = now(), finished_at = NULL, runs = runs + 1
           WHERE id = $1 AND status = 'queued' RETURNING ${JOB_COLUMNS}`,
          [id],
        );
        if (!row) return null; // another runner took it
        const job = jobRowSchema.parse(row);
        const auditId = await recordRunIntent(tx, job);
        await tx.query(`UPDATE bulk_jobs SET run_audit_id = $2 WHERE id = $1`, [id, auditId]);
        return job;
      });
      if (started) this.log({ type: 'job_started', jobId: started.id, run: started.runs });
    }
  }

  private async refreshActiveJobs(): Promise<void> {
    this.active = await this.db.query<ActiveJob>(
      `SELECT id, action, status FROM bulk_jobs WHERE status IN ('running', 'cancelling') ORDER BY created_at, id`,
    );
  }

  /** Ends a running or cancelling job whose items all ended; only one runner wins. */
  private async finishIfDone(jobId: string): Promise<boolean> {
    this.guard();
    const finished = await this.db.transaction(async (tx) => {
      // The job row first, locked: a "retry failed" that commits meanwhile is then seen by the
      // item check below, which on PostgreSQL takes a snapshot of its own (one statement with
      // both would keep the snapshot from before the retry and end a job with pending items).
      const [locked] = await tx.query(`SELECT 1 FROM bulk_jobs WHERE id = $1 AND status IN ('running', 'cancelling') FOR UPDATE`, [jobId]);
      if (!locked) return null;
      const [open] = await tx.query(`SELECT 1 FROM bulk_job_items WHERE job_id = $1 AND status IN ('pending', 'in_flight') LIMIT 1`, [jobId]);
      if (open) return null;
      const [row] = await tx.query<{ status: 'completed' | 'cancelled'; run_audit_id: string | null; run_ms: number | null }>(
        `UPDATE bulk_jobs SET status = CASE WHEN status = 'cancelling' THEN 'cancelled' ELSE 'completed' END, finished_at = now()
         WHERE id = $1
         RETURNING status, run_audit_id, (extract(epoch FROM now() - started_at) * 1000)::float8 AS run_ms`,
        [jobId],
      );
      if (!row) return null;
      const [countRow] = await tx.query<CountsRow>(COUNTS_SQL, [jobId]);
      const counts = countsFrom(countRow);
      if (row.run_audit_id) await recordRunOutcome(tx, row.run_audit_id, { status: row.status, counts, durationMs: row.run_ms ?? 0 });
      return { status: row.status, counts };
    });
    if (!finished) return false;
    this.active = this.active.filter((job) => job.id !== jobId);
    this.log({ type: 'job_finished', jobId, status: finished.status, ok: finished.counts.ok, failed: finished.counts.failed, skipped: finished.counts.skipped });
    return true;
  }

  private async recordRunnerError(error: unknown): Promise<void> {
    if (this.state === 'killed') return;
    await this.db
      .query(`UPDATE bulk_job_runners SET last_error = $2, last_error_at = now() WHERE instance_id = $1`, [this.instanceId, errorText(error).slice(0, 2000)])
      .catch(() => {});
  }

  // ------------------------------------------------------------------------------------------
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
        await this.process(item);
      } catch (error) {
        if (!(error instanceof Halted)) {
          this.log({ type: 'error', message: `item ${item.seq} of job ${item.jobId}: ${errorText(error)}` });
          await this.recordRunnerError(error);
          // Not sent: back to pending for any runner. Sent but unrecorded: it stays in flight
          // under this runner, since sending it again could apply it twice; it is taken back
          // only after ten leases (or one, if this runner dies).
          if (!(error instanceof OutcomeNotRecorded)) await this.release(item).catch(() => {});
        }
      } finally {
        this.held--;
      }
    }
  }

  private async idle(): Promise<void> {
    if (!this.running) return;
    await Promise.race([this.wakeUp.promise, this.clock.sleep(this.pollIntervalMs, this.halt.signal).catch(() => {})]);
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
    const size = this.concurrency - this.held;
    if (size <= 0) return 0;
    for (const job of [...this.active]) {
      if (job.status !== 'running') continue;
      this.guard();
      const rows = await this.db.query<{ seq: number; item_id: string; target_status: string | null; status_before: string | null; attempts: number; claim_token: string }>(
        `WITH picked AS MATERIALIZED (
           SELECT job_id, seq FROM bulk_job_items
           WHERE job_id = $1 AND status = 'pending'
             AND EXISTS (SELECT 1 FROM bulk_jobs WHERE id = $1 AND status = 'running')
           ORDER BY seq LIMIT $2
           FOR UPDATE SKIP LOCKED
         )
         UPDATE bulk_job_items i
         SET status = 'in_flight', claimed_by = $3, claimed_at = now(), claim_token = gen_random_uuid()::text, claims = i.claims + 1
         FROM picked
         WHERE i.job_id = picked.job_id AND i.seq = picked.seq
         RETURNING i.seq, i.item_id, i.target_status, i.status_before, i.attempts, i.claim_token`,
        [job.id, size, this.instanceId],
      );
      if (this.state === 'killed') return 0;
      if (rows.length > 0) {
        this.held += rows.length;
        rows.sort((a, b) => a.seq - b.seq);
        for (const row of rows) {
          this.buffer.push({
            jobId: job.id,
            action: job.action,
            seq: row.seq,
            itemId: row.item_id,
            targetStatus: row.target_status,
            statusBefore: row.status_before,
            attempts: row.attempts,
            token: row.claim_token,
          });
        }
        return rows.length;
      }
      // Nothing pending: the job may have ended (its last items finished elsewhere).
      await this.finishIfDone(job.id);
    }
    return 0;
  }

  private async process(item: ClaimedItem): Promise<void> {
    if (item.action === 'message.set_status' && item.statusBefore !== null && item.statusBefore === item.targetStatus) {
      await this.finish(item, { status: 'skipped', statusAfter: item.statusBefore, error: `already ${item.targetStatus} at the dry run` });
      return;
    }
    let attempts = item.attempts;
    let rateLimited = 0;
    let refreshedToken = false;
    for (;;) {
      if (!this.running) {
        if (this.state !== 'killed') await this.release(item);
        return;
      }
      try {
        await this.acquireSlot();
      } catch (error) {
        if (error instanceof Halted) {
          if (this.state !== 'killed') await this.release(item);
          return;
        }
        throw error;
      }
      let client: UpstreamClient;
      try {
        client = await this.upstream.client();
      } catch (error) {
        // No token (misconfigured or unreachable token endpoint): the item waits, not fails.
        this.pacer.onCancelledSend();
        this.log({ type: 'error', message: `no service token: ${errorText(error)}` });
        await this.recordRunnerError(error);
        await this.release(item);
        await this.clock.sleep(this.retryMaxMs, this.halt.signal).catch(() => {});
        return;
      }
      let fence: Awaited<ReturnType<Runner['fence']>>;
      try {
        fence = await this.fence(item);
      } catch (error) {
        // Not sent: the pacer must not keep waiting for its answer.
        this.pacer.onCancelledSend();
        throw error;
      }
      if (fence !== 'send') {
        this.pacer.onCancelledSend();
        if (fence === 'job_not_running') await this.finish(item, { status: 'skipped', error: 'cancelled' });
        else this.log({ type: 'claim_lost', jobId: item.jobId, seq: item.seq });
        return;
      }
      this.counters.sends++;
      let response: Awaited<ReturnType<typeof runOperation>> | undefined;
      let failure: unknown;
      try {
        response = await runOperation(client, item.action, item.itemId, item.targetStatus);
      } catch (error) {
        failure = error;
      }
      if (response) {
        this.answered(response.status, response.rateLimit);
        await this.recordSentOutcome(item, {
          status: 'ok',
          statusAfter: response.data?.status ?? null,
          upstreamStatus: response.status,
          upstreamRequestId: response.requestId,
          attempts,
        });
        return;
      }
      if (!isUpstreamError(failure)) {
        this.answered(null, null);
        await this.recordSentOutcome(item, { status: 'failed', error: `console error: ${errorText(failure)}`, attempts });
        return;
      }
      const error = failure;
      this.answered(error.status ?? null, error.rateLimit ?? null);
      const reason = describeFailure(error);
      const failed = (why: string) =>
        this.recordSentOutcome(item, { status: 'failed', error: why, upstreamStatus: error.status ?? null, upstreamRequestId: error.requestId ?? null, attempts });
      if (isUnreadableSuccess(error)) {
        // Failing the item would have "retry failed" send it again and a revert leave it out.
        return this.recordSentOutcome(item, {
          status: 'ok',
          statusAfter: null,
          error: `applied, but the answer did not match the contract: ${reason}`,
          upstreamStatus: error.status ?? null,
          upstreamRequestId: error.requestId ?? null,
          attempts,
        });
      }
      switch (error.kind) {
        case 'rate_limited':
          // Not applied by the service: send again once the window resets (the pacer waits).
          if (++rateLimited > this.maxRateLimitRetries) return failed(`${reason} (rate limited ${rateLimited} times)`);
          continue;
        case 'unauthorized':
          if (refreshedToken) return failed(`${reason} (after a fresh machine token)`);
          refreshedToken = true;
          this.upstream.refresh(client);
          continue;
        case 'server':
        case 'timeout':
        case 'network': {
          attempts++;
          if (attempts >= this.maxAttempts) return failed(`${reason} (${attempts} attempts)`);
          await this.recordRetry(item, attempts, error, reason);
          // Stopping aborts the wait; the loop's top then puts the item back.
          await this.clock.sleep(this.backoff(attempts), this.halt.signal).catch(() => {});
          continue;
        }
        default:
          // 4xx, or an answer that breaks the contract: retrying would get the same answer.
          return failed(reason);
      }
    }
  }

  /**
   * Records the outcome of an item that was sent. A database hiccup must not put it back to
   * pending (it would be sent again), so the write is retried; if it still fails the item stays
   * in flight under this runner (see OutcomeNotRecorded).
   */
  private async recordSentOutcome(item: ClaimedItem, outcome: Parameters<Runner['finish']>[1]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.finish(item, outcome);
        return;
      } catch (error) {
        if (error instanceof Halted) throw error;
        if (attempt >= OUTCOME_WRITE_ATTEMPTS) throw new OutcomeNotRecorded(item, error);
        await this.clock.sleep(this.backoff(attempt), this.halt.signal).catch(() => {});
      }
    }
  }

  private answered(status: number | null, rateLimit: Parameters<RatePacer['onAnswer']>[2]): void {
    this.pacer.onAnswer(this.clock.now(), status, rateLimit);
    const key = status === null ? 'none' : String(status);
    this.counters.answers[key] = (this.counters.answers[key] ?? 0) + 1;
  }

  private async acquireSlot(): Promise<void> {
    for (;;) {
      if (!this.running) throw new Halted('runner stopped');
      const wait = this.pacer.delay(this.clock.now());
      if (wait <= 0) {
        this.pacer.onSend(this.clock.now());
        return;
      }
      await this.clock.sleep(Math.min(wait, 1000), this.halt.signal).catch((error: unknown) => {
        throw error instanceof Halted ? error : new Halted('runner stopped');
      });
    }
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** (attempt - 1));
    return ceiling / 2 + this.random() * (ceiling / 2);
  }

  /** Right before a request: still ours, job still running? Counts the send in the same statement. */
  private async fence(item: ClaimedItem): Promise<'send' | 'job_not_running' | 'lost'> {
    this.guard();
    const [sent] = await this.db.query<{ sends: number }>(
      `UPDATE bulk_job_items i SET sends = i.sends + 1
       WHERE i.job_id = $1 AND i.seq = $2 AND i.claim_token = $3 AND i.status = 'in_flight'
         AND EXISTS (SELECT 1 FROM bulk_jobs j WHERE j.id = $1 AND j.status = 'running')
       RETURNING i.sends`,
      [item.jobId, item.seq, item.token],
    );
    this.guard();
    if (sent) return 'send';
    const [row] = await this.db.query<{ ours: boolean }>(
      `SELECT (claim_token = $3 AND status = 'in_flight') AS ours FROM bulk_job_items WHERE job_id = $1 AND seq = $2`,
      [item.jobId, item.seq, item.token],
    );
    return row?.ours ? 'job_not_running' : 'lost';
  }

  private async finish(
    item: ClaimedItem,
    outcome: {
      status: 'ok' | 'failed' | 'skipped';
      statusAfter?: string | null;
      error?: string | null;
      upstreamStatus?: number | null;
      upstreamRequestId?: string | null;
      attempts?: number;
    },
  ): Promise<void> {
    this.guard();
    const rows = await this.db.query(
      `UPDATE bulk_job_items
       SET status = $4, status_after = $5, error = $6, upstream_status = $7, upstream_request_id = $8,
           attempts = $9, finished_at = now()
       WHERE job_id = $1 AND seq = $2 AND claim_token = $3 AND status = 'in_flight'
       RETURNING seq`,
      [
        item.jobId,
        item.seq,
        item.token,
        outcome.status,
        outcome.statusAfter ?? null,
        outcome.error ?? null,
        outcome.upstreamStatus ?? null,
        outcome.upstreamRequestId ?? null,
        outcome.attempts ?? item.attempts,
      ],
    );
    if (rows.length === 0) this.log({ type: 'claim_lost', jobId: item.jobId, seq: item.seq });
    else this.counters.itemsFinished++;
  }

  private async recordRetry(item: ClaimedItem, attempts: number, error: UpstreamError, reason: string): Promise<void> {
    this.guard();
    await this.db.query(
      `UPDATE bulk_job_items SET attempts = $4, error = $5, upstream_status = $6, upstream_request_id = $7
       WHERE job_id = $1 AND seq = $2 AND claim_token = $3 AND status = 'in_flight'`,
      [item.jobId, item.seq, item.token, attempts, `${reason} (retrying)`, error.status ?? null, error.requestId ?? null],
    );
  }

  /** Gives an item back: pending again (skipped if its job was cancelled meanwhile). */
  private async release(item: ClaimedItem): Promise<void> {
    this.guard();
    const rows = await this.db.query(
      `UPDATE bulk_job_items i
       SET status = CASE WHEN j.status IN ('cancelling', 'cancelled') THEN 'skipped' ELSE 'pending' END,
           error = CASE WHEN j.status IN ('cancelling', 'cancelled') THEN 'cancelled' ELSE i.error END,
           finished_at = CASE WHEN j.status IN ('cancelling', 'cancelled') THEN now() ELSE NULL END,
           claim_token = NULL
       FROM bulk_jobs j
       WHERE j.id = i.job_id AND i.job_id = $1 AND i.seq = $2 AND i.claim_token = $3 AND i.status = 'in_flight'
       RETURNING i.seq`,
      [item.jobId, item.seq, item.token],
    );
    this.counters.itemsReleased += rows.length;
  }
}

function describeFailure(error: UpstreamError): string {
  const status = error.status ? ` ${error.status}` : '';
  const message = error.serviceMessage ?? error.guidance;
  const requestId = error.requestId ? ` [request ${error.requestId}]` : '';
  return `${error.kind}${status}: ${message}${requestId}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

// ---------------------------------------------------------------------------------------------
// The process's runner, from the environment

const shared = globalThis as typeof globalThis & { voiceJobRunner?: Promise<JobRunner> };

/**
 * Starts this process's runner once (the console database, the machine credential and the
 * JOBS_* settings from the environment); later calls return the same runner. For
 * lib/server/start.ts: `await ensureJobRunner()` after the database opened.
 */
export function ensureJobRunner(overrides: Partial<JobRunnerOptions> = {}): Promise<JobRunner> {
  shared.voiceJobRunner ??= (async () => {
    const settings = jobsSettings();
    const runner = startJobRunner({
      db: await getConsoleDb(),
      upstream: machineUpstreamFromSettings(settings),
      concurrency: settings.concurrency,
      maxAttempts: settings.maxAttempts,
      leaseSeconds: settings.leaseSeconds,
      ...overrides,
    });
    await runner.ready;
    return runner;
  })().catch((error: unknown) => {
    delete shared.voiceJobRunner;
    throw error;
  });
  return shared.voiceJobRunner;
}

/** Stops this process's runner, if one was started (graceful shutdown). */
export async function stopJobRunner(): Promise<void> {
  const running = shared.voiceJobRunner;
  if (!running) return;
  delete shared.voiceJobRunner;
  const runner = await running.catch(() => null);
  await runner?.stop();
}
