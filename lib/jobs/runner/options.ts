/**
 * What a job runner is told when it starts, and what it assumes where it is not told: its
 * timings, the limits on one item's tries, its name and where its events go.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { ConsoleDb } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import type { ItemStore } from './item-store';
import type { TryLimits } from './item-outcome';
import type { RatePacer } from '../pace/rate-pacer';
import type { Clock, JobRunnerEvent } from './shared';
import type { JobsUpstream } from './service-credential';

/** How often a runner looks for new jobs and dead runners unless told otherwise. */
const DEFAULT_POLL_INTERVAL_MS = 1000;

export interface JobRunnerOptions {
  db: ConsoleDb;
  upstream: JobsUpstream;
  /** Where items are claimed and recorded; default the SQL store on `db` (tests pass a fake or a failing one). */
  store?: ItemStore;
  /** Names this runner in claimed_by and bulk_job_runners; unique per process. */
  instanceId?: string;
  concurrency?: number;
  /** Tries per item for 5xx, timeouts and network errors, the first included. */
  maxAttempts?: number;
  leaseSeconds?: number;
  /** How often it looks for new jobs and dead runners; default DEFAULT_POLL_INTERVAL_MS. */
  pollIntervalMs?: number;
  /** Backoff before the n-th retry: between half and all of min(retryMaxMs, retryBaseMs * 2^(n-1)). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** 429s one item may get before it is failed; default 100. */
  maxRateLimitRetries?: number;
  clock?: Clock;
  random?: () => number;
  pacer?: RatePacer;
  /** Whose send budget the runners on one PostgreSQL share (lib/jobs/pace/runner-pacer.ts); default one for all. */
  rateBucket?: string;
  log?: (event: JobRunnerEvent) => void;
}

/** Where a runner's events go unless told otherwise: the process's log. */
export const logRunnerEvent = (event: JobRunnerEvent) => {
  const log = logger('jobs');
  if (event.type === 'error') log.error(event.message);
  else if (event.type === 'claim_lost') log.warn({ jobId: event.jobId, seq: event.seq }, 'lost the claim on an item');
  else if (event.type === 'items_recovered')
    log.info({ count: event.count }, 'resumed the items of a runner that stopped answering');
  else if (event.type === 'job_started') log.info({ jobId: event.jobId, run: event.run }, 'job started');
  else
    log.info(
      { jobId: event.jobId, status: event.status, ok: event.ok, failed: event.failed, skipped: event.skipped },
      'job ended',
    );
};

/** A name unique to this process on this host, for claimed_by and bulk_job_runners. */
export function defaultInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** The timings a runner uses, each with its default filled in. */
export type RunnerTimings = Required<
  Pick<JobRunnerOptions, 'concurrency' | 'leaseSeconds' | 'pollIntervalMs' | 'retryBaseMs' | 'retryMaxMs'>
>;

export function runnerTimings(options: JobRunnerOptions): RunnerTimings {
  return {
    concurrency: options.concurrency ?? 4,
    leaseSeconds: options.leaseSeconds ?? 60,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    retryBaseMs: options.retryBaseMs ?? 250,
    retryMaxMs: options.retryMaxMs ?? 10_000,
  };
}

/** How often one item may be tried and rate-limited before it is failed. */
export function itemLimits(options: JobRunnerOptions): TryLimits {
  return { maxAttempts: options.maxAttempts ?? 4, maxRateLimitRetries: options.maxRateLimitRetries ?? 100 };
}
