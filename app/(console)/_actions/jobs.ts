'use server';

import type { ActionResult } from '@/lib/actions/guard/define';
import {
  cancelJobAction,
  planJobAction,
  planRevertAction,
  retryFailedAction,
  retryPlanAction,
  startJobAction,
} from '@/lib/actions/jobs';
import { performAction } from '@/lib/actions/guard/server';
import { breakGlassAuthorization } from '@/lib/approvals/enforce';
import { resultHrefOf } from '@/lib/approvals/registry';
import { approvalGateFor, type ApprovalGate } from '@/lib/approvals/gate';
import { getOperator } from '@/lib/auth/session';
import { withIncidentLink } from '@/lib/incidents/job-link';
import { PLAN_VALID_MINUTES } from '@/lib/jobs/store';
import type { JobPlan } from '@/lib/jobs/plan';
import type { JobAction, PlanSampleItem } from '@/lib/jobs/types';

/** What the dry-run dialog shows. */
export interface PlannedJob {
  jobId: string;
  action: JobAction;
  status: string | null;
  total: number;
  sample: PlanSampleItem[];
  statusCounts: Record<string, number>;
  alreadyAtTarget: number;
  notFoundCount: number;
  /** Set when starting it needs a second operator's approval (lib/approvals/policy.ts). */
  approval: ApprovalGate | null;
  /** Read on in the background (JOB_INLINE_PLAN_LIMIT): the job page shows its progress, then the confirmation. */
  planning: boolean;
}

async function planned(plan: JobPlan): Promise<PlannedJob> {
  const operator = await getOperator();
  return {
    jobId: plan.jobId,
    action: plan.action,
    status: plan.params.status ?? null,
    total: plan.total,
    sample: plan.dryRun.sample,
    statusCounts: plan.dryRun.statusCounts,
    alreadyAtTarget: plan.dryRun.alreadyAtTarget,
    notFoundCount: plan.dryRun.notFoundCount,
    approval:
      operator && !plan.background ? await approvalGateFor(operator, startJobAction, { jobId: plan.jobId }) : null,
    planning: plan.background !== null,
  };
}

/** A dry run still reading after its validity could never be started: stop it then. */
const planDeadline = () => AbortSignal.timeout(PLAN_VALID_MINUTES * 60_000);

export async function planBulkJob(input: unknown): Promise<ActionResult<PlannedJob>> {
  const result = await performAction(planJobAction, input, { signal: planDeadline() });
  return result.ok ? { ...result, data: await planned(result.data) } : result;
}

export async function planJobRevert(input: unknown): Promise<ActionResult<PlannedJob>> {
  const result = await performAction(planRevertAction, input, { signal: planDeadline() });
  return result.ok ? { ...result, data: await planned(result.data) } : result;
}

export async function startBulkJob(input: unknown): Promise<ActionResult<{ jobId: string }>> {
  const result = await performAction(startJobAction, input);
  return result.ok ? withIncidentLink(input, { ...result, data: { jobId: result.data.job.id } }) : result;
}

export async function cancelBulkJob(input: unknown): Promise<ActionResult<{ skipped: number; inFlight: number }>> {
  const result = await performAction(cancelJobAction, input);
  return result.ok ? { ...result, data: { skipped: result.data.skipped, inFlight: result.data.inFlight } } : result;
}

export async function retryFailedJobItems(input: unknown): Promise<ActionResult<{ retried: number }>> {
  const result = await performAction(retryFailedAction, input);
  return result.ok ? { ...result, data: { retried: result.data.retried } } : result;
}

export async function retryJobPlanning(input: unknown): Promise<ActionResult<{ jobId: string }>> {
  const result = await performAction(retryPlanAction, input);
  return result.ok ? { ...result, data: { jobId: result.data.jobId } } : result;
}

/** Runs it now without approval, with the operator's typed reason (break-glass, ops); reviewed on the approvals page after. */
export async function breakGlassStartBulkJob(
  params: unknown,
  reason: unknown,
): Promise<ActionResult<{ resultHref: string | null }>> {
  const run = await performAction(startJobAction, params, { authorization: breakGlassAuthorization(reason) });
  return run.ok ? { ...run, data: { resultHref: resultHrefOf('job.start', params, run.data) } } : run;
}
