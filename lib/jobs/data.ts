/**
 * The bulk-job pages' reads: they open the console database here, never themselves.
 */
import 'server-only';
import { getConsoleDb } from '@/lib/db';
import { getJob, listJobItems, listJobs } from '@/lib/jobs';
import { readPlanProgress } from '@/lib/jobs/plan-background';
import type { ItemStatus } from '@/lib/jobs/types';

/** One page of jobs, newest first (unconfirmed dry runs left out), and how many there are. */
export async function readJobsPage(page: { offset: number; limit: number; order?: 'asc' | 'desc' }) {
  return listJobs(await getConsoleDb(), page);
}

/** One job with its items (optionally of one status) and its background dry run (if any), or a null job when there is none. */
export async function readJobWithItems(jobId: string, items: { status?: ItemStatus; limit: number }) {
  const db = await getConsoleDb();
  const [job, rows, plan] = await Promise.all([getJob(db, jobId), listJobItems(db, jobId, items), readPlanProgress(db, jobId)]);
  return { job, items: rows, plan };
}
