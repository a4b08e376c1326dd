'use client';

import { createColumnHelper } from '@tanstack/react-table';
import Link from 'next/link';
import { useMemo } from 'react';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/record-link';
import { Badge } from '@/components/ui/badge';
import { detailHref } from '@/lib/entities/hrefs';
import type { ItemKindName } from '@/lib/jobs/action-names';
import type { JobItem } from '@/lib/jobs/types';

const helper = createColumnHelper<ServerTableFeatures, JobItem>();

const seqColumn = helper.display({ id: 'seq', header: '#', meta: { label: '#', cellClassName: 'tabular-nums' }, cell: ({ row }) => row.original.seq + 1 });

const messageColumn = helper.display({
  id: 'message',
  header: 'Message',
  meta: { label: 'Message' },
  cell: ({ row }) => <RecordLink href={detailHref('messages', row.original.itemId)}>{row.original.itemId}</RecordLink>,
});

/** A user by name when the page could read it (the id on hover), else by id. */
const userColumn = (names: Readonly<Record<string, string>>) =>
  helper.display({
    id: 'user',
    header: 'User',
    meta: { label: 'User' },
    cell: ({ row }) => {
      const name = names[row.original.itemId];
      return name ? (
        <Link className="underline" href={detailHref('users', row.original.itemId)} title={row.original.itemId}>{name}</Link>
      ) : (
        <RecordLink href={detailHref('users', row.original.itemId)}>{row.original.itemId}</RecordLink>
      );
    },
  });

const OTHER_COLUMNS = [
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
    header: 'Before → after',
    meta: { label: 'Before → after', cellClassName: 'font-mono text-xs' },
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

const NO_NAMES: Readonly<Record<string, string>> = {};

/** The items of a job shown on its page (the first ones of the chosen status); users by name when `names` has them. */
export function JobItemsTable({ rows, kind = 'message', names = NO_NAMES }: { rows: JobItem[]; kind?: ItemKindName; names?: Readonly<Record<string, string>> }) {
  const columns = useMemo(() => [seqColumn, kind === 'user' ? userColumn(names) : messageColumn, ...OTHER_COLUMNS], [kind, names]);
  return (
    <PagedDataTable
      columns={columns}
      rows={rows}
      getRowId={(row) => String(row.seq)}
      caption="Job items"
      empty="No item."
      testId="job-items"
      rowAttributes={(row) => ({ 'data-testid': 'job-item', 'data-item-status': row.status })}
    />
  );
}
