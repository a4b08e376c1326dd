/**
 * What a bulk job is: its actions, statuses, shapes and the refusal its commands throw. No zod
 * and no server code here (type-only re-exports are erased), so browser components import it.
 */
export {
  BULK_JOB_LISTS,
  ITEM_NOUNS,
  JOB_ACTION_LABELS,
  JOB_ACTIONS,
  USER_JOB_ACTIONS,
  jobActionsFor,
  kindNameOf,
  type ItemKindName,
  type JobAction,
  type JobParams,
} from './actions';
export { ACTIVE_JOB_STATUSES, ITEM_STATUSES, JOB_STATUSES, type ItemStatus, type JobStatus } from './statuses';
export type { DryRun, Job, JobCounts, JobItem, MessageSampleItem, PlanSampleItem, UserSampleItem } from './job';
export { JobCommandError, type JobCommandErrorCode } from './errors';
export type { JobActor, JobSelection } from '../plan/input';
