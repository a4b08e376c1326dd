'use client';

import { createColumnHelper } from '@tanstack/react-table';
import Link from 'next/link';
import { useMemo } from 'react';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { statusWithRaw } from '@/lib/status-labels';

/** A count and the queue narrowed to it. */
export interface GroupCount {
  count: number;
  href: string;
}

/** One status of the queue: its count per age bucket and in all, each a link. */
export interface StatusGroups {
  status: string;
  buckets: Record<string, GroupCount>;
  all: GroupCount;
}

const helper = createColumnHelper<ServerTableFeatures, StatusGroups>();

const countLink = ({ count, href }: GroupCount) => (count ? <Link className="underline" href={href}>{count}</Link> : '0');

/** The queue by status and time since the last update, as the generic data table. */
export function StuckGroupsTable({ rows, buckets }: { rows: StatusGroups[]; buckets: readonly { id: string; label: string }[] }) {
  const columns = useMemo(
    () => [
      helper.display({ id: 'status', header: 'Status', meta: { label: 'Status' }, cell: ({ row }) => statusWithRaw(row.original.status) }),
      ...buckets.map((bucket) =>
        helper.display({ id: bucket.id, header: bucket.label, meta: { label: bucket.label, cellClassName: 'tabular-nums' }, cell: ({ row }) => countLink(row.original.buckets[bucket.id] ?? { count: 0, href: '' }) }),
      ),
      helper.display({
        id: 'all',
        header: 'All',
        meta: { label: 'All', cellClassName: 'tabular-nums' },
        cell: ({ row }) => (
          <span data-testid={`stuck-total-${row.original.status}`}>
            <Link className="underline" href={row.original.all.href}>{row.original.all.count}</Link>
          </span>
        ),
      }),
    ],
    [buckets],
  );
  return <PagedDataTable columns={columns} rows={rows} getRowId={(row) => row.status} caption="Stuck messages by status and time since the last update" empty="No status watched." testId="stuck-groups" />;
}
