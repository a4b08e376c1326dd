/** A job, its items and its dry run as the console's code sees them (the rows' shapes after parsing). */
import type { JobAction, JobParams } from './actions';
import type { ItemStatus, JobStatus } from './statuses';
import type { JobActor } from '../plan/input';

/** A message as the dry run shows it (no `kind`: dry runs stored before users were items have none). */
export interface MessageSampleItem {
  kind?: 'message';
  id: string;
  messageGuid: string;
  name: string | null;
  status: string;
  lastUpdatedAt: number | null;
}

/** A user as the dry run shows it; `status` is `verified` or `unverified`. */
export interface UserSampleItem {
  kind: 'user';
  id: string;
  name: string | null;
  email: string;
  status: string;
}

export type PlanSampleItem = MessageSampleItem | UserSampleItem;

/** What the dry run found, kept on the job so a later reader (an approver) sees the same. */
export interface DryRun {
  sample: PlanSampleItem[];
  /** Items by their status at the dry run. */
  statusCounts: Record<string, number>;
  /** set_status, set_verified: items already at their target state, which the job will skip without a call. */
  alreadyAtTarget: number;
  /** Explicit ids the service does not know (left out of the job); at most 100 listed. */
  notFound: string[];
  notFoundCount: number;
  /** The service's count of the filter at the first page; differs from `total` if the set moved while read. */
  reportedTotal: number | null;
  pages: number;
  durationMs: number;
  /** For a revert: items whose current status is no longer what the original job set. */
  changedSince?: number;
}

export interface JobCounts {
  total: number;
  pending: number;
  inFlight: number;
  ok: number;
  failed: number;
  skipped: number;
  /** Sent, outcome not recorded: check before retrying. */
  unknown: number;
  /** ok + failed + skipped + unknown. */
  done: number;
}

export interface Job {
  id: string;
  action: JobAction;
  params: JobParams;
  /** The selection it came from, for the record (explicit ids listed when at most 1,000). */
  selection: Record<string, unknown>;
  dryRun: DryRun | null;
  status: JobStatus;
  createdBy: JobActor;
  createdAt: Date;
  plannedAt: Date | null;
  queuedAt: Date | null;
  /** Of the latest run (a retry starts a new run); every run is in the audit log. */
  startedAt: Date | null;
  finishedAt: Date | null;
  total: number;
  revertsJobId: string | null;
  /** How many times a runner started it (1, plus one per retry of failed items). */
  runs: number;
  /** The same-site path of the view the dry run was started from (lib/jobs/plan/origin.ts); null when unknown. */
  origin: string | null;
}

export interface JobItem {
  seq: number;
  itemId: string;
  status: ItemStatus;
  /** set_status: where this item is sent (a revert sends each back to its own); set_verified: `verified`. */
  targetStatus: string | null;
  /** The record's state at the dry run (a message's status; a user's verified / unverified). */
  statusBefore: string | null;
  /** The status the service answered after the action. */
  statusAfter: string | null;
  /** Failed tries that count towards JOBS_MAX_ATTEMPTS (5xx, timeouts, network). */
  attempts: number;
  /** Requests started for this item (every try, 429s included): a resumed item may show 2. */
  sends: number;
  /** Times a runner claimed it: more than 1 after a runner died with it in flight. */
  claims: number;
  /** The latest failure's reason; kept while a retry is pending, cleared by success. */
  error: string | null;
  upstreamStatus: number | null;
  upstreamRequestId: string | null;
  claimedBy: string | null;
  claimedAt: Date | null;
  finishedAt: Date | null;
}
