/**
 * CSV export of the jobs list: GET /api/jobs/export?order=desc|asc, every job (unconfirmed dry
 * runs left out, as the list does) by creation time, read from the database a page at a time.
 */
import { z } from 'zod';
import { requireAdminRouteSession } from '@/lib/auth/route-session';
import { CSV_BOM, csvRecord } from '@/lib/csv';
import { getConsoleDb } from '@/lib/db';
import { exportFileName } from '@/lib/entities/export';
import { csvResponse, exportState, tooManyExportsResponse } from '@/lib/export';
import { listJobs, type JobSummary, describeJobCoverage } from '@/lib/jobs/store';

const BATCH = 500;
const orderSchema = z.enum(['asc', 'desc']).default('desc');

const COLUMNS: readonly [string, (job: JobSummary) => unknown][] = [
  ['id', (job) => job.id],
  ['action', (job) => job.action],
  ['params', (job) => job.params],
  ['covers', (job) => describeJobCoverage(job)],
  ['status', (job) => job.status],
  ['total', (job) => job.counts.total],
  ['done', (job) => job.counts.done],
  ['ok', (job) => job.counts.ok],
  ['failed', (job) => job.counts.failed],
  ['skipped', (job) => job.counts.skipped],
  ['created_by', (job) => job.createdBy.email],
  ['created_at', (job) => job.createdAt.toISOString()],
  ['finished_at', (job) => job.finishedAt?.toISOString() ?? null],
  ['reverts_job_id', (job) => job.revertsJobId],
];

export async function GET(request: Request): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const order = orderSchema.safeParse(new URL(request.url).searchParams.get('order') ?? undefined);
  if (!order.success)
    return Response.json({ error: 'invalid_order', message: 'order must be asc or desc' }, { status: 400 });
  const db = await getConsoleDb();
  const slot = exportState().slots.acquire(session.operator.id);
  if (!slot.ok) return tooManyExportsResponse(slot);
  async function* rest() {
    // Offsets: a job created during the export may shift a row; the list is short and append-only.
    for (let offset = 0; ; offset += BATCH) {
      const { rows } = await listJobs(db, { offset, limit: BATCH, order: order.data });
      if (rows.length > 0) yield rows.map((job) => csvRecord(COLUMNS.map(([, value]) => value(job)))).join('');
      if (rows.length < BATCH) return;
    }
  }
  return csvResponse({
    fileName: exportFileName('jobs', new Date()),
    first: CSV_BOM + csvRecord(COLUMNS.map(([name]) => name)),
    rest: rest(),
    label: 'jobs',
    onEnd: slot.release,
  });
}
