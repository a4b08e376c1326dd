import { ListTable, type ListColumn } from '@/components/data-table/list-table';
import { detailHref } from '@/lib/entities/hrefs';
import type { ItemKindName, MessageSampleItem, PlanSampleItem, UserSampleItem } from '@/lib/jobs/types';
import { formatUtc } from '@/lib/time';

const MESSAGE_COLUMNS: ListColumn<MessageSampleItem>[] = [
  { id: 'message', header: 'Message', cellClassName: 'font-mono text-xs', cell: (row) => row.messageGuid },
  { id: 'status', header: 'Status', cellClassName: 'text-xs', cell: (row) => row.status },
  {
    id: 'updated',
    header: 'Last updated',
    cellClassName: 'whitespace-nowrap text-xs',
    cell: (row) => (row.lastUpdatedAt ? formatUtc(new Date(row.lastUpdatedAt)) : '—'),
  },
];

const USER_COLUMNS: ListColumn<UserSampleItem>[] = [
  {
    id: 'user',
    header: 'User',
    cellClassName: 'text-xs',
    cell: (row) => (
      <a data-client-nav className="underline" href={detailHref('users', row.id)} title={row.id}>
        {row.name ?? row.email}
      </a>
    ),
  },
  { id: 'email', header: 'E-mail', cellClassName: 'text-xs', cell: (row) => row.email },
  { id: 'state', header: 'Now', cellClassName: 'text-xs', cell: (row) => row.status },
];

const isUserSample = (item: PlanSampleItem): item is UserSampleItem => item.kind === 'user';

/** The first records a dry run found, as the one table. */
export function DryRunSampleTable({ sample, kind = 'message' }: { sample: PlanSampleItem[]; kind?: ItemKindName }) {
  const caption = `Sample of the first ${sample.length}`;
  return (
    <div className="space-y-1">
      <p className="text-xs text-muted-foreground">{caption}</p>
      {kind === 'user' ? (
        <ListTable columns={USER_COLUMNS} rows={sample.filter(isUserSample)} getRowId={(row) => row.id} caption={caption} empty="No user." testId="dry-run-sample" />
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
