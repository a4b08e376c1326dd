/**
 * CSV export of the jobs list: GET /api/jobs/export?order=desc|asc, every job (unconfirmed dry
 * runs left out, as the list does) by creation time, read from the database a page at a time.
 */
import { z } from 'zod';
import { requireAdminRouteSession } from '@/lib/auth/route-session';
import { JOBS_TABLE } from '@/components/jobs/jobs-table';
import { getConsoleDb } from '@/lib/db';
import { exportFileName } from '@/lib/entities/export';
import { csvResponse, exportState, tooManyExportsResponse } from '@/lib/export';
import { listJobs, toJobRow } from '@/lib/jobs/store';
import { csvColumns, csvHeader, csvRows } from '@/lib/tables/csv';

const BATCH = 500;
const orderSchema = z.enum(['asc', 'desc']).default('desc');

/** The jobs table's exported fields (JOBS_TABLE, beside its cells). */
const COLUMNS = csvColumns(JOBS_TABLE.columns);

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
      if (rows.length > 0) yield csvRows(COLUMNS, rows.map(toJobRow));
      if (rows.length < BATCH) return;
    }
  }
  return csvResponse({
    fileName: exportFileName('jobs', new Date()),
    first: csvHeader(COLUMNS),
    rest: rest(),
    label: 'jobs',
    onEnd: slot.release,
  });
}
