/**
 * Bulk-job commands as guarded actions (ops only). The job engine (lib/jobs) does the work and
 * returns a summary; the guard audits each command like any other action. A plan's job id is
 * chosen here, when the input is accepted, so that its audit row names the job it created. The
 * runner, not these actions, calls the service for each item.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { cancelJob, retryFailedItems, startJob } from '@/lib/jobs/store';
import {
  describePlan,
  planJob,
  planJobInputSchema,
  planRevertJob,
  retryPlanning,
  planSettings,
  actorFromOperator,
} from '@/lib/jobs/plan';
import { defineAction } from './guard/define';

const jobId = z.string().trim().uuid('a job id is a UUID');

export const planJobAction = defineAction({
  name: 'job.plan',
  requiredRole: 'ops',
  input: planJobInputSchema.transform((input) => ({ ...input, jobId: randomUUID() })),
  target: (input) => ({ type: 'bulk_job', ids: [input.jobId], jobId: input.jobId }),
  // A large filter is read by the runners in the background after the first page (JOB_INLINE_PLAN_LIMIT).
  run: ({ operator, upstream, db, signal }, { jobId: id, ...input }) =>
    planJob({ db, upstream }, actorFromOperator(operator), input, { signal, ...planSettings() }, id),
  summary: describePlan,
});

export const startJobAction = defineAction({
  name: 'job.start',
  requiredRole: 'ops',
  input: z.object({ jobId, confirmCount: z.number().int().min(1) }),
  target: (input) => ({ type: 'bulk_job', ids: [input.jobId], jobId: input.jobId }),
  run: ({ operator, db }, input) => startJob(db, actorFromOperator(operator), input.jobId, input.confirmCount),
  summary: (result) => result.summary,
});

export const cancelJobAction = defineAction({
  name: 'job.cancel',
  requiredRole: 'ops',
  input: z.object({ jobId }),
  target: (input) => ({ type: 'bulk_job', ids: [input.jobId], jobId: input.jobId }),
  run: ({ operator, db }, input) => cancelJob(db, actorFromOperator(operator), input.jobId),
  summary: (result) => result.summary,
});

export const retryFailedAction = defineAction({
  name: 'job.retry_failed',
  requiredRole: 'ops',
  input: z.object({ jobId }),
  target: (input) => ({ type: 'bulk_job', ids: [input.jobId], jobId: input.jobId }),
  run: ({ operator, db }, input) => retryFailedItems(db, actorFromOperator(operator), input.jobId),
  summary: (result) => result.summary,
});

/** The revert is a new job: its id is chosen here, and the row lists the original beside it. */
export const planRevertAction = defineAction({
  name: 'job.plan_revert',
  requiredRole: 'ops',
  input: z.object({ jobId }).transform((input) => ({ revertsJobId: input.jobId, jobId: randomUUID() })),
  target: (input) => ({ type: 'bulk_job', ids: [input.jobId, input.revertsJobId], jobId: input.jobId }),
  run: ({ operator, upstream, db, signal }, input) =>
    planRevertJob({ db, upstream }, actorFromOperator(operator), input.revertsJobId, { signal }, input.jobId),
  summary: describePlan,
});

/** A background dry run that failed (the service failed mid-read) reads on from where it stopped. */
export const retryPlanAction = defineAction({
  name: 'job.retry_plan',
  requiredRole: 'ops',
  input: z.object({ jobId }),
  target: (input) => ({ type: 'bulk_job', ids: [input.jobId], jobId: input.jobId }),
  run: ({ operator, db }, input) => retryPlanning(db, actorFromOperator(operator), input.jobId),
  summary: (result) => result.summary,
});
