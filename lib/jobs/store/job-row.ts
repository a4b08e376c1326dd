/** A job as the jobs tables show and export it (the jobs list, an incident's jobs), worded on the server. */
import { describeSelection } from './describe-selection';
import { JOB_ACTION_LABELS, kindNameOf } from '../types/actions';
import type { JobSummary } from './queries';
import type { JobCounts } from '../types/job';
import type { JobStatus } from '../types/statuses';

export interface JobRow {
  id: string;
  /** `Set status → paused (revert)`. */
  action: string;
  /** The action's own name (`message.set_status`), as the export writes it. */
  actionName: JobSummary['action'];
  params: JobSummary['params'];
  /** What the selection covered, in words (describe-selection.ts). */
  covers: string;
  /** The view it was started from (a same-site path), to link back to; null when unknown. */
  origin: string | null;
  status: JobStatus;
  counts: Pick<JobCounts, 'done' | 'total' | 'ok' | 'failed' | 'skipped'>;
  createdBy: string;
  createdAt: Date;
  finishedAt: Date | null;
  /** The job this one reverts. */
  revertsJobId: string | null;
}

/** `Set status → paused (revert)`: the job's action in words. */
export function describeJobAction(job: Pick<JobSummary, 'action' | 'params' | 'revertsJobId'>): string {
  return `${JOB_ACTION_LABELS[job.action]}${job.params.status ? ` → ${job.params.status}` : ''}${job.revertsJobId ? ' (revert)' : ''}`;
}

/** What the job's selection covered, in words, with the job's own item noun (messages, users). */
export function describeJobCoverage(job: Pick<JobSummary, 'action' | 'selection'>): string {
  return describeSelection(job.selection, kindNameOf(job.action));
}

export function toJobRow(job: JobSummary): JobRow {
  return {
    id: job.id,
    action: describeJobAction(job),
    actionName: job.action,
    params: job.params,
    covers: describeJobCoverage(job),
    origin: job.origin,
    status: job.status,
    counts: job.counts,
    createdBy: job.createdBy.email,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    revertsJobId: job.revertsJobId,
  };
}
