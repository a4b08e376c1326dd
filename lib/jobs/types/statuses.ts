/** The statuses of a job and of its items. */
/**
 * - planning: the dry run is reading the selection (transient; removed if the read fails);
 * - planned: dry run done, items stored, waiting for the operator to confirm with the count;
 * - queued: confirmed (or retried), waiting for a runner;
 * - running: a runner took it (each run writes one audit intent, completed when the run ends);
 * - cancelling: cancelled with requests in flight; pending items are already skipped;
 * - cancelled / completed: every item ended.
 */
export const JOB_STATUSES = [
  'planning',
  'planned',
  'queued',
  'running',
  'cancelling',
  'cancelled',
  'completed',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const ACTIVE_JOB_STATUSES = ['queued', 'running', 'cancelling'] as const satisfies readonly JobStatus[];

/** `unknown`: sent, but its outcome could not be recorded; check the message before retrying. */
export const ITEM_STATUSES = ['pending', 'in_flight', 'ok', 'failed', 'skipped', 'unknown'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
