/**
 * Bulk remediation jobs: a dry run (planJob) stores a planned job with its items; the operator
 * starts it with the count (startJob); runners in the console processes execute it against the
 * service with the console's machine credential, paced to the rate limit, resumable after a
 * crash and safe with several consoles on one PostgreSQL. Pure server code: no React, no Next.
 */
export { JOB_ACTIONS, JOB_ACTION_LABELS, jobActionSchema, type JobAction, type JobParams } from './operations';
export {
  ACTIVE_JOB_STATUSES,
  ITEM_STATUSES,
  JOB_STATUSES,
  JobCommandError,
  MAX_SELECTED_IDS,
  actorFromOperator,
  jobActorSchema,
  jobSelectionSchema,
  type DryRun,
  type ItemStatus,
  type Job,
  type JobActor,
  type JobCounts,
  type JobItem,
  type JobSelection,
  type JobStatus,
  type PlanSampleItem,
} from './types';
export { describePlan, planJob, planJobInputSchema, planRevertJob, readJob, type JobPlan, type PlanDeps, type PlanJobInput, type PlanOptions } from './plan';
export { cancelJob, retryFailedItems, startJob, type CancelResult, type RetryResult, type StartResult } from './commands';
export { getJob, itemsWithStatuses, jobItemsPage, jobsForItem, latestJobs, listJobs, listRunners, streamJobItems, type JobDetail, type JobSummary, type RunnerInfo } from './queries';
export { startJobRunner, type JobRunner, type JobRunnerOptions } from './runner';
export { ensureJobRunner, stopJobRunner } from './runner-process';
export { wakeJobRunners } from './wake';
export { jobsSettings, type JobsSettings } from './settings';
export { createServiceCredential, machineUpstream, ServiceCredentialError, type JobsUpstream, type ServiceCredential } from './service-credential';
