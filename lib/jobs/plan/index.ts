/**
 * The dry run: what it accepts, how it reads the selected records and stores a planned job with
 * its items, inside the operator's request or, for a large selection, in the background.
 */
export {
  MAX_SELECTED_IDS,
  actorFromOperator,
  jobActorSchema,
  jobSelectionSchema,
  planJobInputSchema,
  selectionSchema,
  type JobActor,
  type JobSelection,
  type PlanJobInput,
} from './input';
export { jobOrigin, jobOriginSchema } from './origin';
export {
  MESSAGES_ENTITY,
  describePlan,
  planJob,
  planRevertJob,
  readJob,
  type JobPlan,
  type PlanDeps,
  type PlanOptions,
} from './dry-run';
export { readPlanProgress, retryPlanning, type PlanProgress } from './background';
export { planEnvSchema, planSettings, type PlanSettings } from './settings';
export { itemKindOf, targetStateOf, type ItemKind } from './item-kinds';
