import { ListTable } from '@/components/data-table/list-table';
import type { ConsoleColumn } from '@/lib/tables/columns';
import { RecordLink } from '@/components/data-table/cells/record-link';
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

const COLUMNS: ConsoleColumn<OwnWorkspaceRow>[] = [
  {
    id: 'name',
    header: 'Workspace',
    cell: ({ row: { original: row } }) => (
      <RecordLink className="underline" href={detailHref('workspaces', row.id)}>
        {row.name}
      </RecordLink>
    ),
  },
  { id: 'plan', header: 'Plan', cell: ({ row: { original: row } }) => row.plan ?? '—' },
  {
    id: 'owner',
    header: 'Owner',
    cell: ({ row: { original: row } }) =>
      row.ownerId ? (
        <RecordLink className="underline" href={detailHref('users', row.ownerId)}>
          <span title={row.ownerId}>{row.ownerName ?? row.ownerId}</span>
        </RecordLink>
      ) : (
        '—'
      ),
  },
  {
    id: 'created',
    header: 'Created',
    cell: ({ row: { original: row } }) => formatUtc(new Date(row.createdTs)),
    meta: { cellClassName: 'whitespace-nowrap font-mono text-xs' },
  },
  {
    id: 'state',
    header: 'State',
    cell: ({ row: { original: row } }) =>
      row.deleted ? <Badge variant="secondary">deleted</Badge> : <Badge variant="success">live</Badge>,
  },
];

/** The workspaces `/admin/workspaces` answers for the signed-in operator, as the one table. */
export function OwnWorkspacesTable({ rows }: { rows: OwnWorkspaceRow[] }) {
  return (
    <ListTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => row.id}
      caption="Your workspaces"
      empty="You belong to no workspace at the service."
      testId="own-workspaces"
    />
  );
}
