/**
 * The jobs in the console database: the rows and their counts, the reads for the jobs pages, the
 * operator's commands on a planned or finished job, and a job worded for the jobs tables.
 */
export {
  COUNTS_COLUMNS,
  COUNTS_SQL,
  ITEM_COLUMNS,
  JOB_COLUMNS,
  REVERTIBLE_ITEM_SQL,
  countsFrom,
  itemRowSchema,
  jobRowSchema,
  type CountsRow,
} from './rows';
export {
  getJob,
  itemsWithStatuses,
  jobItemsPage,
  jobsForItem,
  latestJobs,
  listJobs,
  listRunners,
  type JobDetail,
  type JobSummary,
  type RunnerInfo,
} from './queries';
export {
  PLAN_VALID_MINUTES,
  cancelJob,
  retryFailedItems,
  startJob,
  type CancelResult,
  type RetryResult,
  type StartResult,
} from './commands';
export { describeJobAction, describeJobCoverage, toJobRow, type JobRow } from './job-row';
export { describeSelection } from './describe-selection';
