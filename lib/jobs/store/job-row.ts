/** A job as the jobs tables show it (the jobs list, an incident's jobs), worded on the server. */
import { describeSelection } from './describe-selection';
import { JOB_ACTION_LABELS, kindNameOf } from '../types/actions';
import type { JobSummary } from './queries';
import type { JobCounts } from '../types/job';
import type { JobStatus } from '../types/statuses';

export interface JobRow {
  id: string;
  /** `Set status → paused (revert)`. */
  action: string;
  /** What the selection covered, in words (describe-selection.ts). */
  covers: string;
  /** The view it was started from (a same-site path), to link back to; null when unknown. */
  origin: string | null;
  status: JobStatus;
  counts: Pick<JobCounts, 'done' | 'total' | 'failed'>;
  createdBy: string;
  createdAt: Date;
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
    covers: describeJobCoverage(job),
    origin: job.origin,
    status: job.status,
    counts: job.counts,
    createdBy: job.createdBy.email,
    createdAt: job.createdAt,
  };
}
