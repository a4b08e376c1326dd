/**
 * Where a runner's items live: every statement the work path runs on bulk_job_items, behind an
 * interface so that tests can put a fake (or a failing one) in its place. The SQL store is safe
 * with several runners on one PostgreSQL:
 * - items are claimed with `FOR UPDATE SKIP LOCKED`, each claim with a fresh claim token;
 * - `fence`, right before each request, checks in one statement that the claim is still this
 *   runner's and the job still running, and counts the send (`sends`);
 * - outcomes are written only under the claim token.
 */
import type { Queryable } from '@/lib/db';
import type { JobAction } from '../types/actions';

export interface ClaimedItem {
  jobId: string;
  action: JobAction;
  seq: number;
  itemId: string;
  targetStatus: string | null;
  statusBefore: string | null;
  attempts: number;
  token: string;
}

/** How an item ended (or, for `recordRetry`, how its last try went). */
export interface ItemOutcome {
  status: 'ok' | 'failed' | 'skipped';
  statusAfter?: string | null;
  error?: string | null;
  upstreamStatus?: number | null;
  upstreamRequestId?: string | null;
  attempts?: number;
}

/** `send`: still ours and the job runs; `job_not_running`: ours, but cancelled; `lost`: another runner has it. */
export type FenceResult = 'send' | 'job_not_running' | 'lost';

export interface ItemStore {
  /** Claims up to `size` pending items of a running job for `instanceId`, in seq order. */
  claim(job: { id: string; action: JobAction }, size: number, instanceId: string): Promise<ClaimedItem[]>;
  /** Right before a request: see FenceResult. Counts the send and refreshes the claim when it is `send`. */
  fence(item: ClaimedItem): Promise<FenceResult>;
  /** Ends the item under its claim; false when the claim was lost meanwhile. */
  finish(item: ClaimedItem, outcome: ItemOutcome): Promise<boolean>;
  /** Notes a failed try that will be retried (the item stays in flight). */
  recordRetry(
    item: ClaimedItem,
    attempts: number,
    lastTry: { error: string; upstreamStatus: number | null; upstreamRequestId: string | null },
  ): Promise<void>;
  /** Ends a sent item whose outcome could not be recorded as `unknown` (check before retrying). */
  markUnknown(item: ClaimedItem, why: string): Promise<boolean>;
  /** Gives an item that was not sent back: pending again (skipped if its job was cancelled). */
  release(item: ClaimedItem): Promise<boolean>;
  /**
   * Gives back items in flight for a runner whose heartbeat is older than the lease (it died:
   * they are resumed); an item of a live runner untouched for ten leases (no claim, no send) ends
   * as `unknown` when it was sent, else is given back. Skips pending items of cancelled jobs.
   * Returns how many in-flight items it took back.
   */
  recoverAbandoned(instanceId: string, leaseSeconds: number): Promise<number>;
}

/** Why an item is `unknown`. */
export const UNKNOWN_OUTCOME = 'sent, but its outcome could not be recorded: check the message before retrying';

/** The item's job (`j`) was cancelled: what is given back is skipped, not pending. */
const CANCELLED = `j.status IN ('cancelling', 'cancelled')`;

/** Pending again, or skipped when the job was cancelled. */
const GIVE_BACK = `
  status = CASE WHEN ${CANCELLED} THEN 'skipped' ELSE 'pending' END,
  error = CASE WHEN ${CANCELLED} THEN 'cancelled' ELSE i.error END,
  finished_at = CASE WHEN ${CANCELLED} THEN now() ELSE NULL END,
  claim_token = NULL`;

export function createSqlItemStore(db: Queryable): ItemStore {
  return {
    async claim(job, size, instanceId) {
      const rows = await db.query<{
        seq: number;
        item_id: string;
        target_status: string | null;
        status_before: string | null;
        attempts: number;
        claim_token: string;
      }>(
        `WITH picked AS MATERIALIZED (
           SELECT job_id, seq FROM bulk_job_items
           WHERE job_id = $1 AND status = 'pending'
             AND EXISTS (SELECT 1 FROM bulk_jobs WHERE id = $1 AND status = 'running')
           ORDER BY seq LIMIT $2
           FOR UPDATE SKIP LOCKED
         )
         UPDATE bulk_job_items i
         SET status = 'in_flight', claimed_by = $3, claimed_at = now(), sent_at = NULL, claim_token = gen_random_uuid()::text, claims = i.claims + 1
         FROM picked
         WHERE i.job_id = picked.job_id AND i.seq = picked.seq
         RETURNING i.seq, i.item_id, i.target_status, i.status_before, i.attempts, i.claim_token`,
        [job.id, size, instanceId],
      );
      return rows
        .sort((a, b) => a.seq - b.seq)
        .map((row) => ({
          jobId: job.id,
          action: job.action,
          seq: row.seq,
          itemId: row.item_id,
          targetStatus: row.target_status,
          statusBefore: row.status_before,
          attempts: row.attempts,
          token: row.claim_token,
        }));
    },

    async fence(item) {
      const [sent] = await db.query<{ sends: number }>(
        // The send refreshes the claim: a live item waiting out 429s or backoffs never looks abandoned.
        `UPDATE bulk_job_items i SET sends = i.sends + 1, claimed_at = now(), sent_at = now()
         WHERE i.job_id = $1 AND i.seq = $2 AND i.claim_token = $3 AND i.status = 'in_flight'
           AND EXISTS (SELECT 1 FROM bulk_jobs j WHERE j.id = $1 AND j.status = 'running')
         RETURNING i.sends`,
        [item.jobId, item.seq, item.token],
      );
      if (sent) return 'send';
      const [row] = await db.query<{ ours: boolean }>(
        `SELECT (claim_token = $3 AND status = 'in_flight') AS ours FROM bulk_job_items WHERE job_id = $1 AND seq = $2`,
        [item.jobId, item.seq, item.token],
      );
      return row?.ours ? 'job_not_running' : 'lost';
    },

    async finish(item, outcome) {
      const rows = await db.query(
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
      return rows.length > 0;
    },

    async recordRetry(item, attempts, lastTry) {
      await db.query(
        `UPDATE bulk_job_items SET attempts = $4, error = $5, upstream_status = $6, upstream_request_id = $7
         WHERE job_id = $1 AND seq = $2 AND claim_token = $3 AND status = 'in_flight'`,
        [item.jobId, item.seq, item.token, attempts, lastTry.error, lastTry.upstreamStatus, lastTry.upstreamRequestId],
      );
    },

    async markUnknown(item, why) {
      const rows = await db.query(
        `UPDATE bulk_job_items SET status = 'unknown', error = $4, finished_at = now()
         WHERE job_id = $1 AND seq = $2 AND claim_token = $3 AND status = 'in_flight'
         RETURNING seq`,
        [item.jobId, item.seq, item.token, why],
      );
      return rows.length > 0;
    },

    async release(item) {
      const rows = await db.query(
        `UPDATE bulk_job_items i SET ${GIVE_BACK}
         FROM bulk_jobs j
         WHERE j.id = i.job_id AND i.job_id = $1 AND i.seq = $2 AND i.claim_token = $3 AND i.status = 'in_flight'
         RETURNING i.seq`,
        [item.jobId, item.seq, item.token],
      );
      return rows.length > 0;
    },

    async recoverAbandoned(instanceId, leaseSeconds) {
      // A live runner's item untouched for ten leases that was sent: its outcome was never
      // recorded (the runner gave up writing it); it ends unknown, never pending again. A dead
      // runner's items are resumed (sent at most twice, `claims` shows it).
      const live = `EXISTS (SELECT 1 FROM bulk_job_runners r
                            WHERE r.instance_id = i.claimed_by AND r.stopped_at IS NULL
                              AND r.heartbeat_at > now() - make_interval(secs => $2))`;
      const sentUnrecorded = `(i.sent_at IS NOT NULL AND ${live})`;
      const recovered = await db.query<{ seq: number }>(
        `UPDATE bulk_job_items i
         SET status = CASE WHEN ${sentUnrecorded} THEN 'unknown' WHEN ${CANCELLED} THEN 'skipped' ELSE 'pending' END,
             error = CASE WHEN ${sentUnrecorded} THEN $3 WHEN ${CANCELLED} THEN 'cancelled' ELSE i.error END,
             finished_at = CASE WHEN ${sentUnrecorded} OR ${CANCELLED} THEN now() ELSE NULL END,
             claim_token = NULL
         FROM bulk_jobs j
         WHERE j.id = i.job_id AND i.status = 'in_flight'
           AND i.claimed_at < now() - make_interval(secs => $2)
           AND (i.claimed_at < now() - make_interval(secs => $2 * 10) OR (i.claimed_by IS DISTINCT FROM $1 AND NOT ${live}))
         RETURNING i.seq`,
        [instanceId, leaseSeconds, UNKNOWN_OUTCOME],
      );
      // Pending items of a cancelled job (released by a runner while the cancel committed) end as skipped.
      await db.query(
        `UPDATE bulk_job_items i SET status = 'skipped', error = 'cancelled', finished_at = now()
         FROM bulk_jobs j
         WHERE j.id = i.job_id AND i.status = 'pending'
           AND (j.status = 'cancelling' OR (j.status = 'cancelled' AND j.finished_at > now() - interval '10 minutes'))`,
      );
      return recovered.length;
    },
  };
}

/** The store with every call refused (before and after) while `guard` throws: a killed runner writes nothing. */
export function guardedItemStore(store: ItemStore, guard: () => void): ItemStore {
  const guarded =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      guard();
      const result = await fn(...args);
      guard();
      return result;
    };
  return {
    claim: guarded(store.claim.bind(store)),
    fence: guarded(store.fence.bind(store)),
    finish: guarded(store.finish.bind(store)),
    recordRetry: guarded(store.recordRetry.bind(store)),
    release: guarded(store.release.bind(store)),
    recoverAbandoned: guarded(store.recoverAbandoned.bind(store)),
    markUnknown: guarded(store.markUnknown.bind(store)),
  };
}
