/**
 * One worker's handling of one claimed item: wait for the pacer, fence, send, and act on the
 * answer (item-outcome.ts decides; this carries it out). The runner (runner.ts) owns the loop
 * that feeds items to its workers and what happens when one throws.
 */
import { metrics } from '@/lib/observability/metrics';
import { type UpstreamClient, isUpstreamError } from '@/lib/upstream/client';
import { itemKindOf } from '../plan/item-kinds';
import { nextStep, type TryLimits, type TryState } from './item-outcome';
import type { ClaimedItem, ItemOutcome, ItemStore } from './item-store';
import type { RatePacer } from '../pace/rate-pacer';
import { errorText, Halted, type Clock, type JobRunnerEvent } from './shared';
import type { JobsUpstream } from './service-credential';

/** An item was sent but its outcome could not be written: it must not be sent again. */
export class OutcomeNotRecorded extends Error {
  constructor(item: { jobId: string; seq: number }, cause: unknown) {
    super(
      `item ${item.seq} of job ${item.jobId} was sent, but its outcome could not be recorded: ${errorText(cause)}`,
      { cause },
    );
  }
}

/** Tries to record a sent item's outcome before giving up on the write. */
export const OUTCOME_WRITE_ATTEMPTS = 5;

/** What a worker needs from its runner. The store writes nothing once the runner is killed. */
export interface WorkerContext {
  store: ItemStore;
  upstream: JobsUpstream;
  pacer: RatePacer;
  clock: Clock;
  /** Aborted when the runner stops or is killed. */
  signal: AbortSignal;
  state(): 'running' | 'stopping' | 'killed' | 'stopped';
  limits: TryLimits;
  /** The wait before the n-th retry. */
  backoff(attempt: number): number;
  /** How long to wait when no service token could be had. */
  noTokenWaitMs: number;
  log(event: JobRunnerEvent): void;
  recordError(error: unknown): Promise<void>;
  /** Counts a send, an answer (null status: none came), an item ended or released. */
  count(event: { sent: true } | { answer: number | null } | { finished: true } | { released: true }): void;
}

/** Waits for the pacer's slot; returns when it was taken. */
async function acquireSlot(context: WorkerContext): Promise<number> {
  for (let waited = false; ; ) {
    if (context.state() !== 'running') throw new Halted('runner stopped');
    const wait = context.pacer.delay(context.clock.now());
    if (wait > 0 && !waited) {
      waited = true;
      metrics().rateLimitWaits.inc({ by: 'job' });
    }
    if (wait <= 0) {
      const slotAt = context.clock.now();
      context.pacer.onSend(slotAt);
      return slotAt;
    }
    await context.clock.sleep(Math.min(wait, 1000), context.signal).catch((error: unknown) => {
      throw error instanceof Halted ? error : new Halted('runner stopped');
    });
  }
}

async function release(context: WorkerContext, item: ClaimedItem): Promise<void> {
  if (context.state() === 'killed') return;
  if (await context.store.release(item)) context.count({ released: true });
}

async function finish(context: WorkerContext, item: ClaimedItem, outcome: ItemOutcome): Promise<void> {
  if (await context.store.finish(item, outcome)) {
    context.count({ finished: true });
    metrics().jobItems.inc({ outcome: outcome.status });
  } else context.log({ type: 'claim_lost', jobId: item.jobId, seq: item.seq });
}

/**
 * Records the outcome of an item that was sent. A database hiccup must not put it back to
 * pending (it would be sent again), so the write is retried; if it still fails, OutcomeNotRecorded.
 */
async function recordSentOutcome(context: WorkerContext, item: ClaimedItem, outcome: ItemOutcome): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await finish(context, item, outcome);
      return;
    } catch (error) {
      if (error instanceof Halted) throw error;
      if (attempt >= OUTCOME_WRITE_ATTEMPTS) throw new OutcomeNotRecorded(item, error);
      await context.clock.sleep(context.backoff(attempt), context.signal).catch(() => {});
    }
  }
}

export async function processItem(context: WorkerContext, item: ClaimedItem): Promise<void> {
  // At its target state at the dry run (set_status, set_verified): no call. Actions without a
  // target (reprocess...) have none to be at.
  if (item.targetStatus !== null && item.statusBefore !== null && item.statusBefore === item.targetStatus) {
    await finish(context, item, {
      status: 'skipped',
      statusAfter: item.statusBefore,
      error: `already ${item.targetStatus} at the dry run`,
    });
    return;
  }
  let tries: TryState = { attempts: item.attempts, rateLimited: 0, refreshedToken: false };
  for (;;) {
    if (context.state() !== 'running') return release(context, item);
    let slotAt: number;
    try {
      slotAt = await acquireSlot(context);
    } catch (error) {
      if (error instanceof Halted) return release(context, item);
      throw error;
    }
    let client: UpstreamClient;
    try {
      client = await context.upstream.client();
    } catch (error) {
      // No token (misconfigured or unreachable token endpoint): the item waits, not fails.
      context.pacer.onCancelledSend();
      context.log({ type: 'error', message: `no service token: ${errorText(error)}` });
      await context.recordError(error);
      await release(context, item);
      await context.clock.sleep(context.noTokenWaitMs, context.signal).catch(() => {});
      return;
    }
    let fence: Awaited<ReturnType<ItemStore['fence']>>;
    try {
      fence = await context.store.fence(item);
    } catch (error) {
      // Not sent: the pacer must not keep waiting for its answer.
      context.pacer.onCancelledSend();
      throw error;
    }
    if (fence !== 'send') {
      context.pacer.onCancelledSend();
      if (fence === 'job_not_running') await finish(context, item, { status: 'skipped', error: 'cancelled' });
      else context.log({ type: 'claim_lost', jobId: item.jobId, seq: item.seq });
      return;
    }
    context.count({ sent: true });
    const sentAt = context.clock.now();
    context.pacer.onDispatched(sentAt - slotAt);
    let answer: Parameters<typeof nextStep>[0];
    try {
      const response = await itemKindOf(item.action).send(client, item.action, item.itemId, item.targetStatus);
      context.pacer.onAnswer(context.clock.now(), response.status, response.rateLimit, sentAt);
      context.count({ answer: response.status });
      answer = {
        response: { status: response.status, requestId: response.requestId, statusAfter: response.stateAfter },
      };
    } catch (error) {
      const upstream = isUpstreamError(error) ? error : null;
      context.pacer.onAnswer(context.clock.now(), upstream?.status ?? null, upstream?.rateLimit ?? null, sentAt);
      context.count({ answer: upstream?.status ?? null });
      answer = { error };
    }
    const decided = nextStep(answer, tries, context.limits);
    tries = decided.state;
    const { step } = decided;
    switch (step.kind) {
      case 'finish':
        return recordSentOutcome(context, item, step.outcome);
      case 'resend':
        // Not applied by the service: send again once the window resets (the pacer waits).
        continue;
      case 'refresh_token':
        context.upstream.refresh(client);
        continue;
      case 'retry':
        await context.store.recordRetry(item, step.attempts, step);
        // Stopping aborts the wait; the loop's top then puts the item back.
        await context.clock.sleep(context.backoff(step.attempts), context.signal).catch(() => {});
        continue;
    }
  }
}
