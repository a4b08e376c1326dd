import type { Metadata } from 'next';
import Link from 'next/link';
import { AutoRefresh } from '@/components/triage/auto-refresh';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { requireAdminSession } from '@/lib/auth/session';
import { readJobsPage } from '@/lib/jobs/data';
import { JOB_ACTION_LABELS } from '@/lib/jobs/operations';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Bulk jobs' };

const PAGE_SIZE = 50;

export default async function JobsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminSession();
  const params = await searchParams;
  const pageRaw = Number(typeof params.page === 'string' ? params.page : 1);
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 ? pageRaw : 1;
  const { rows, total } = await readJobsPage({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Bulk jobs</h1>
        <AutoRefresh
          seconds={params.paused === '1' ? 0 : 5}
          renderedAt={new Date().toISOString()}
          pauseHref={`/jobs?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), paused: '1' })}`}
          resumeHref={page > 1 ? `/jobs?page=${page}` : '/jobs'}
        />
      </div>
      <p className="text-sm text-muted-foreground">Every operator&apos;s jobs, newest first. Jobs run on the server; closing the page does not stop them.</p>
      {rows.length === 0 ? (
        <p className="text-sm">No job yet. Start one from the stuck queue.</p>
      ) : (
        <Table data-testid="jobs-table">
          <TableHeader>
            <TableRow>
              <TableHead>Job</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Progress</TableHead>
              <TableHead>By</TableHead>
              <TableHead>Created (UTC)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((job) => (
              <TableRow key={job.id}>
                <TableCell className="font-mono text-xs"><Link className="underline" href={`/jobs/${job.id}`}>{job.id.slice(0, 8)}</Link></TableCell>
                <TableCell>{JOB_ACTION_LABELS[job.action]}{job.params.status ? ` → ${job.params.status}` : ''}{job.revertsJobId ? ' (revert)' : ''}</TableCell>
                <TableCell><Badge variant="secondary">{job.status}</Badge></TableCell>
                <TableCell className="tabular-nums">{job.counts.done} / {job.counts.total}{job.counts.failed ? `, ${job.counts.failed} failed` : ''}</TableCell>
                <TableCell>{job.createdBy.email}</TableCell>
                <TableCell className="whitespace-nowrap font-mono text-xs">{job.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <nav aria-label="Job pages" className="flex gap-3 text-sm">
        {page > 1 ? <Link className="underline" href={`/jobs?page=${page - 1}`}>Previous</Link> : null}
        <span>Page {page} of {lastPage}</span>
        {page < lastPage ? <Link className="underline" href={`/jobs?page=${page + 1}`}>Next</Link> : null}
      </nav>
    </div>
  );
}
