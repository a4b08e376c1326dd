/**
 * The bulk-job pages' reads: they open the console database here, never themselves.
 */
import 'server-only';
import { getConsoleDb } from '@/lib/db';
import { getJob, itemsWithStatuses, jobItemsPage, listJobs } from './store/queries';
import { readPlanProgress } from './plan/background';
import type { ItemStatus } from './types/statuses';

/** One page of jobs, newest first (unconfirmed dry runs left out), and how many there are. */
export async function readJobsPage(page: { offset: number; limit: number; order?: 'asc' | 'desc' }) {
  return listJobs(await getConsoleDb(), page);
}

/** One job with its items (optionally of one status) and its background dry run (if any), or a null job when there is none. */
export async function readJobWithItems(jobId: string, items: { status?: ItemStatus; limit: number }) {
  const db = await getConsoleDb();
  // The number of matching items comes from the job's counts, which getJob reads anyway (stored
  // once the job completed): counting a large job's items again would cost its page every view.
  const [job, rows, plan] = await Promise.all([
    getJob(db, jobId),
    jobItemsPage(db, jobId, items),
    readPlanProgress(db, jobId),
  ]);
  return { job, items: { rows, total: job ? itemsWithStatuses(job.counts, items.status) : 0 }, plan };
}
