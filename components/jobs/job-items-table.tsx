'use client';

import { createColumnHelper } from '@tanstack/react-table';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/record-link';
import { Badge } from '@/components/ui/badge';
import { detailHref } from '@/lib/entities/hrefs';
import type { JobItem } from '@/lib/jobs/types';

const helper = createColumnHelper<ServerTableFeatures, JobItem>();

const COLUMNS = [
  helper.display({ id: 'seq', header: '#', meta: { label: '#', cellClassName: 'tabular-nums' }, cell: ({ row }) => row.original.seq + 1 }),
  helper.display({ id: 'message', header: 'Message', meta: { label: 'Message' }, cell: ({ row }) => <RecordLink href={detailHref('messages', row.original.itemId)}>{row.original.itemId}</RecordLink> }),
  helper.display({
    id: 'outcome',
    header: 'Outcome',
    meta: { label: 'Outcome' },
    cell: ({ row }) => {
      const { status } = row.original;
      return <Badge variant={status === 'ok' ? 'success' : status === 'failed' ? 'destructive' : 'secondary'}>{status}</Badge>;
    },
  }),
  helper.display({
    id: 'statuses',
    header: 'Status before → after',
    meta: { label: 'Status before → after', cellClassName: 'font-mono text-xs' },
    cell: ({ row }) => `${row.original.statusBefore ?? '—'} → ${row.original.statusAfter ?? '—'}`,
  }),
  helper.display({ id: 'sends', header: 'Sends', meta: { label: 'Sends', cellClassName: 'tabular-nums' }, cell: ({ row }) => row.original.sends }),
  helper.display({
    id: 'reason',
    header: 'Reason',
    meta: { label: 'Reason', cellClassName: 'break-words text-xs' },
    cell: ({ row }) => row.original.error ?? '',
  }),
  helper.display({
    id: 'request',
    header: 'Request id',
    meta: { label: 'Request id', cellClassName: 'font-mono text-xs text-muted-foreground' },
    cell: ({ row }) => row.original.upstreamRequestId ?? '—',
  }),
];

/** The items of a job shown on its page (the first ones of the chosen status). */
export function JobItemsTable({ rows }: { rows: JobItem[] }) {
  return (
    <PagedDataTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => String(row.seq)}
      caption="Job items"
      empty="No item."
      testId="job-items"
      rowAttributes={(row) => ({ 'data-testid': 'job-item', 'data-item-status': row.status })}
    />
  );
}
