'use client';

import { createColumnHelper } from '@tanstack/react-table';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/record-link';
import { Badge } from '@/components/ui/badge';
import { detailHref } from '@/lib/entities/hrefs';
import { formatUtc } from '@/lib/time';
import type { Workspace } from '@/lib/upstream/contract';

/** One of the signed-in operator's workspaces, with its owner's name resolved on the server. */
export interface OwnWorkspaceRow {
  id: string;
  name: string;
  plan: string | null;
  ownerId: string | null;
  ownerName: string | null;
  createdTs: Workspace['created_ts'];
  deleted: boolean;
}

const helper = createColumnHelper<ServerTableFeatures, OwnWorkspaceRow>();

const COLUMNS = [
  helper.display({
    id: 'name',
    header: 'Workspace',
    meta: { label: 'Workspace' },
    cell: ({ row }) => (
      <RecordLink className="underline" href={detailHref('workspaces', row.original.id)}>
        {row.original.name}
      </RecordLink>
    ),
  }),
  helper.display({ id: 'plan', header: 'Plan', meta: { label: 'Plan' }, cell: ({ row }) => row.original.plan ?? '—' }),
  helper.display({
    id: 'owner',
    header: 'Owner',
    meta: { label: 'Owner' },
    cell: ({ row }) =>
      row.original.ownerId ? (
        <RecordLink className="underline" href={detailHref('users', row.original.ownerId)}>
          <span title={row.original.ownerId}>{row.original.ownerName ?? row.original.ownerId}</span>
        </RecordLink>
      ) : (
        '—'
      ),
  }),
  helper.display({
    id: 'created',
    header: 'Created',
    meta: { label: 'Created', cellClassName: 'whitespace-nowrap font-mono text-xs' },
    cell: ({ row }) => formatUtc(new Date(row.original.createdTs)),
  }),
  helper.display({
    id: 'state',
    header: 'State',
    meta: { label: 'State' },
    cell: ({ row }) => (row.original.deleted ? <Badge variant="secondary">deleted</Badge> : <Badge variant="success">live</Badge>),
  }),
];

/** The workspaces `/admin/workspaces` answers for the signed-in operator, as the generic table. */
export function OwnWorkspacesTable({ rows }: { rows: OwnWorkspaceRow[] }) {
  return <PagedDataTable columns={COLUMNS} rows={rows} getRowId={(row) => row.id} caption="Your workspaces" empty="You belong to no workspace at the service." testId="own-workspaces" />;
}
