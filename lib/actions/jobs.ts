/**
 * Bulk-job commands as guarded actions (ops only). The job engine (lib/jobs) does the work and
 * writes each command's audit intent and outcome with the job id and counts; the runner, not
 * these actions, calls the service for each item.
 */
import { z } from 'zod';
import { cancelJob, planJob, planRevertJob, retryFailedItems, startJob } from '@/lib/jobs';
import { jobActionSchema, targetStatusSchema } from '@/lib/jobs/operations';
import { actorFromOperator, jobSelectionSchema } from '@/lib/jobs/types';
import { defineAction } from './define';

const jobId = z.string().trim().uuid('a job id is a UUID');

export const planJobAction = defineAction({
  name: 'job.plan',
  requiredRole: 'ops',
  input: z.object({
    action: jobActionSchema,
    params: z.object({ status: targetStatusSchema.optional() }).default({}),
    selection: jobSelectionSchema,
  }),
  target: (input) => ({ type: 'message', ids: input.selection.kind === 'ids' ? input.selection.ids : [] }),
  run: ({ operator, upstream, db }, input) => planJob({ db, upstream }, actorFromOperator(operator), input),
  auditsItself: true,
});

export const startJobAction = defineAction({
  name: 'job.start',
  requiredRole: 'ops',
  input: z.object({ jobId, confirmCount: z.number().int().min(1) }),
  target: (input) => ({ type: 'bulk_job', ids: [input.jobId], jobId: input.jobId }),
  run: ({ operator, db }, input) => startJob(db, actorFromOperator(operator), input.jobId, input.confirmCount),
  auditsItself: true,
});

export const cancelJobAction = defineAction({
  name: 'job.cancel',
  requiredRole: 'ops',
  input: z.object({ jobId }),
  target: (input) => ({ type: 'bulk_job', ids: [input.jobId], jobId: input.jobId }),
  run: ({ operator, db }, input) => cancelJob(db, actorFromOperator(operator), input.jobId),
  auditsItself: true,
});

export const retryFailedAction = defineAction({
  name: 'job.retry_failed',
  requiredRole: 'ops',
  input: z.object({ jobId }),
  target: (input) => ({ type: 'bulk_job', ids: [input.jobId], jobId: input.jobId }),
  run: ({ operator, db }, input) => retryFailedItems(db, actorFromOperator(operator), input.jobId),
  auditsItself: true,
});

export const planRevertAction = defineAction({
  name: 'job.plan_revert',
  requiredRole: 'ops',
  input: z.object({ jobId }),
  target: (input) => ({ type: 'bulk_job', ids: [input.jobId], jobId: input.jobId }),
  run: ({ operator, upstream, db }, input) => planRevertJob({ db, upstream }, actorFromOperator(operator), input.jobId),
  auditsItself: true,
});
