/**
 * The jobs CSV is the jobs table's declaration (JOBS_TABLE) exported: its header and values are
 * the declared CSV fields, read through the declared accessors, and they are what the export wrote
 * when it kept its own column list (the expected text below was written by that list).
 */
import { describe, expect, it, vi } from 'vitest';
import { JOBS_TABLE } from '@/components/jobs/jobs-table';
import type { JobSummary } from '@/lib/jobs/store';
import { csvColumns, csvHeader } from '@/lib/tables/csv';

const JOB: JobSummary = {
  id: '0b6f7a52-3c0e-4a36-9d0a-1f2b3c4d5e6f',
  action: 'message.set_status',
  params: { status: 'paused' },
  selection: { kind: 'ids', ids: ['m1', 'm2', 'm3'] },
  dryRun: null,
  status: 'completed',
  createdBy: { id: 'op-1', email: 'ops@example.com', role: 'ops' },
  createdAt: new Date('2026-11-24T10:00:00Z'),
  plannedAt: null,
  queuedAt: null,
  startedAt: null,
  finishedAt: new Date('2026-11-24T10:05:00Z'),
  total: 3,
  revertsJobId: null,
  runs: 1,
  origin: '/stuck?workspace=wsp_1',
  counts: { total: 3, pending: 0, inFlight: 0, ok: 1, failed: 1, skipped: 1, unknown: 0, done: 3 },
};

vi.mock('@/lib/auth/route-session', () => ({
  requireAdminRouteSession: vi.fn(async () => ({
    ok: true,
    operator: { id: 'op-1', email: 'ops@example.com', role: 'ops' },
    upstream: {},
  })),
}));
vi.mock('@/lib/db', () => ({ getConsoleDb: vi.fn(async () => ({})) }));
vi.mock('@/lib/jobs/store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/jobs/store')>()),
  listJobs: vi.fn(async (_db: unknown, { offset }: { offset: number }) => ({
    rows: offset === 0 ? [JOB] : [],
    total: 1,
  })),
}));

const { GET } = await import('@/app/api/jobs/export/route');

describe('GET /api/jobs/export', () => {
  it('writes the declared CSV fields of JOBS_TABLE, as the export wrote them before', async () => {
    const response = await GET(new Request('http://console.test/api/jobs/export?order=desc'));
    expect(response.status).toBe(200);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    const [header, row] = text.split('\r\n');
    expect(`${header}\r\n`).toBe(csvHeader(csvColumns(JOBS_TABLE.columns)));
    expect(header).toBe(
      '\uFEFFid,action,params,covers,status,total,done,ok,failed,skipped,created_by,created_at,finished_at,reverts_job_id',
    );
    expect(row).toBe(
      '0b6f7a52-3c0e-4a36-9d0a-1f2b3c4d5e6f,message.set_status,"{""status"":""paused""}",3 selected messages,completed,3,3,1,1,1,ops@example.com,2026-11-24T10:00:00.000Z,2026-11-24T10:05:00.000Z,',
    );
  });
});
