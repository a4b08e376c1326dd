'use client';

import { createColumnHelper } from '@tanstack/react-table';
import Link from 'next/link';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { detailHref } from '@/lib/entities/hrefs';
import type { ItemKindName } from '@/lib/jobs/action-names';
import type { MessageSampleItem, PlanSampleItem, UserSampleItem } from '@/lib/jobs/types';
import { formatUtc } from '@/lib/time';

const messages = createColumnHelper<ServerTableFeatures, MessageSampleItem>();
const users = createColumnHelper<ServerTableFeatures, UserSampleItem>();

const MESSAGE_COLUMNS = [
  messages.display({ id: 'message', header: 'Message', meta: { label: 'Message', cellClassName: 'font-mono text-xs' }, cell: ({ row }) => row.original.messageGuid }),
  messages.display({ id: 'status', header: 'Status', meta: { label: 'Status', cellClassName: 'text-xs' }, cell: ({ row }) => row.original.status }),
  messages.display({
    id: 'updated',
    header: 'Last updated',
    meta: { label: 'Last updated', cellClassName: 'whitespace-nowrap text-xs' },
    cell: ({ row }) => (row.original.lastUpdatedAt ? formatUtc(new Date(row.original.lastUpdatedAt)) : '—'),
  }),
];

const USER_COLUMNS = [
  users.display({
    id: 'user',
    header: 'User',
    meta: { label: 'User', cellClassName: 'text-xs' },
    cell: ({ row }) => (
      <Link className="underline" href={detailHref('users', row.original.id)} title={row.original.id}>
        {row.original.name ?? row.original.email}
      </Link>
    ),
  }),
  users.display({ id: 'email', header: 'E-mail', meta: { label: 'E-mail', cellClassName: 'text-xs' }, cell: ({ row }) => row.original.email }),
  users.display({ id: 'state', header: 'Now', meta: { label: 'Now', cellClassName: 'text-xs' }, cell: ({ row }) => row.original.status }),
];

const isUserSample = (item: PlanSampleItem): item is UserSampleItem => item.kind === 'user';

/** The first records a dry run found, as the generic data table. */
export function DryRunSampleTable({ sample, kind = 'message' }: { sample: PlanSampleItem[]; kind?: ItemKindName }) {
  const caption = `Sample of the first ${sample.length}`;
  return (
    <div className="space-y-1">
      <p className="text-xs text-muted-foreground">{caption}</p>
      {kind === 'user' ? (
        <PagedDataTable columns={USER_COLUMNS} rows={sample.filter(isUserSample)} getRowId={(row) => row.id} caption={caption} empty="No user." testId="dry-run-sample" />
      ) : (
        <PagedDataTable
          columns={MESSAGE_COLUMNS}
          rows={sample.filter((item): item is MessageSampleItem => !isUserSample(item))}
          getRowId={(row) => row.id}
          caption={caption}
          empty="No message."
          testId="dry-run-sample"
        />
      )}
    </div>
  );
}
