'use client';

import { createColumnHelper } from '@tanstack/react-table';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/record-link';
import { Badge } from '@/components/ui/badge';
import { jobHref } from '@/lib/entities/hrefs';
import type { JobCounts, JobStatus } from '@/lib/jobs/types';
import { formatUtc } from '@/lib/time';

/** A job as the list shows it; the server words its action (the labels live with the operations). */
export interface JobRow {
  id: string;
  /** `Set status → paused (revert)`. */
  action: string;
  status: JobStatus;
  counts: Pick<JobCounts, 'done' | 'total' | 'failed'>;
  createdBy: string;
  createdAt: Date;
}

const helper = createColumnHelper<ServerTableFeatures, JobRow>();

const COLUMNS = [
  helper.display({ id: 'job', header: 'Job', meta: { label: 'Job' }, cell: ({ row }) => <RecordLink href={jobHref(row.original.id)}>{row.original.id.slice(0, 8)}</RecordLink> }),
  helper.display({ id: 'action', header: 'Action', meta: { label: 'Action' }, cell: ({ row }) => row.original.action }),
  helper.display({ id: 'status', header: 'Status', meta: { label: 'Status' }, cell: ({ row }) => <Badge variant="secondary">{row.original.status}</Badge> }),
  helper.display({
    id: 'progress',
    header: 'Progress',
    meta: { label: 'Progress', cellClassName: 'tabular-nums' },
    cell: ({ row }) => {
      const { done, total, failed } = row.original.counts;
      return `${done} / ${total}${failed ? `, ${failed} failed` : ''}`;
    },
  }),
  helper.display({ id: 'by', header: 'By', meta: { label: 'By' }, cell: ({ row }) => row.original.createdBy }),
  helper.display({ id: 'created', header: 'Created', meta: { label: 'Created', cellClassName: 'whitespace-nowrap font-mono text-xs' }, cell: ({ row }) => formatUtc(row.original.createdAt) }),
];

/** Every operator's jobs, newest first, one page of them. */
export function JobsTable({ rows, page, size, total }: { rows: JobRow[]; page: number; size: number; total: number }) {
  return (
    <PagedDataTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => row.id}
      caption="Bulk jobs"
      empty="No job yet. Start one from the stuck queue."
      testId="jobs-table"
      pagination={{ page, size, total, rowLabel: total === 1 ? 'job' : 'jobs' }}
    />
  );
}
