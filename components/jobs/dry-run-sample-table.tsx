import { Link } from '@/components/link';
import { ListTable } from '@/components/data-table/list-table';
import type { ConsoleColumn } from '@/lib/tables/columns';
import { detailHref } from '@/lib/entities/hrefs';
import type { ItemKindName, MessageSampleItem, PlanSampleItem, UserSampleItem } from '@/lib/jobs/types';
import { formatUtc } from '@/lib/time';

const MESSAGE_COLUMNS: ConsoleColumn<MessageSampleItem>[] = [
  {
    id: 'message',
    header: 'Message',
    cell: ({ row: { original: row } }) => row.messageGuid,
    meta: { cellClassName: 'font-mono text-xs' },
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: row } }) => row.status,
    meta: { cellClassName: 'text-xs' },
  },
  {
    id: 'updated',
    header: 'Last updated',
    cell: ({ row: { original: row } }) => (row.lastUpdatedAt ? formatUtc(new Date(row.lastUpdatedAt)) : '—'),
    meta: { cellClassName: 'whitespace-nowrap text-xs' },
  },
];

const USER_COLUMNS: ConsoleColumn<UserSampleItem>[] = [
  {
    id: 'user',
    header: 'User',
    cell: ({ row: { original: row } }) => (
      <Link className="underline" href={detailHref('users', row.id)} title={row.id}>
        {row.name ?? row.email}
      </Link>
    ),
    meta: { cellClassName: 'text-xs' },
  },
  {
    id: 'email',
    header: 'E-mail',
    cell: ({ row: { original: row } }) => row.email,
    meta: { cellClassName: 'text-xs' },
  },
  { id: 'state', header: 'Now', cell: ({ row: { original: row } }) => row.status, meta: { cellClassName: 'text-xs' } },
];

const isUserSample = (item: PlanSampleItem): item is UserSampleItem => item.kind === 'user';

/** The first records a dry run found, as the one table. */
export function DryRunSampleTable({ sample, kind = 'message' }: { sample: PlanSampleItem[]; kind?: ItemKindName }) {
  const caption = `Sample of the first ${sample.length}`;
  return (
    <div className="space-y-1">
      <p className="text-xs text-muted-foreground">{caption}</p>
      {kind === 'user' ? (
        <ListTable
          columns={USER_COLUMNS}
          rows={sample.filter(isUserSample)}
          getRowId={(row) => row.id}
          caption={caption}
          empty="No user."
          testId="dry-run-sample"
        />
      ) : (
        <ListTable
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
