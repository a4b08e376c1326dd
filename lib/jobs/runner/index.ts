/**
 * The job runner: one per console process, any number per database. It takes queued jobs and
 * sends their items to the service with the console's machine credential, paced to the rate
 * limit, resumable after a crash; it also reads background dry runs.
 */
export { startJobRunner, type JobRunner } from './runner';
export type { JobRunnerOptions } from './options';
export { ensureJobRunner, stopJobRunner } from './process';
export { systemClock, type Clock, type JobRunnerEvent, type JobRunnerStats } from './shared';
export { wakeJobRunners } from './wake';
export { JOBS_SETTING_DEFAULTS, jobsEnvSchema, jobsSettings, type JobsSettings } from './settings';
export {
  ServiceCredentialError,
  createServiceCredential,
  machineUpstream,
  machineUpstreamFromSettings,
  type JobsUpstream,
  type ServiceCredential,
} from './service-credential';
export { createSqlItemStore, type ClaimedItem, type FenceResult, type ItemOutcome, type ItemStore } from './item-store';
export { nextStep, type TryState } from './item-outcome';
export { OutcomeNotRecorded, processItem, type WorkerContext } from './worker';
export { IdleWaits } from './idle-wait';
export { finishIfDone } from './maintenance';
