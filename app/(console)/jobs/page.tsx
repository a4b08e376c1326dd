import type { Metadata } from 'next';
import { JOBS_TABLE, JobsTable } from '@/components/jobs/jobs-table';
import { ParamIssues } from '@/components/param-issues';
import { AutoRefresh } from '@/components/triage/auto-refresh';
import { requireAdminSession } from '@/lib/auth/session';
import { jobsHref } from '@/lib/entities/hrefs';
import { readJobsPage } from '@/lib/jobs/data';
import { toJobRow } from '@/lib/jobs/store';
import { parseJobsPageParams } from '@/lib/jobs/search-params';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Bulk jobs' };

export default async function JobsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminSession();
  const { page, paused, table, issues } = parseJobsPageParams(await searchParams, JOBS_TABLE);
  const { rows, total } = await readJobsPage({
    offset: (page - 1) * table.size,
    limit: table.size,
    order: table.sort.order,
  });
  const jobs = rows.map(toJobRow);
  const pageParam: Record<string, string> = {
    ...table.kept,
    ...(page > 1 ? { page: String(page) } : {}),
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Bulk jobs</h1>
        <AutoRefresh
          seconds={paused ? 0 : 5}
          renderedAt={new Date().toISOString()}
          pauseHref={jobsHref({ ...pageParam, paused: '1' })}
          resumeHref={jobsHref(pageParam)}
        />
      </div>
      <ParamIssues issues={issues} />
      <p className="text-sm text-muted-foreground">
        Every operator&apos;s jobs, newest first. Jobs run on the server; closing the page does not stop them.
      </p>
      <JobsTable
        rows={jobs}
        page={page}
        table={table}
        total={total}
        exportHref={`/api/jobs/export?order=${table.sort.order}`}
      />
    </div>
  );
}
