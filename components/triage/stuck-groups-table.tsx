import { ListTable, type ListColumn } from '@/components/data-table/list-table';
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

const countLink = ({ count, href }: GroupCount) => (count ? <a data-client-nav className="underline" href={href}>{count}</a> : '0');

/** The queue by status and time since the last update, as the one table. */
export function StuckGroupsTable({ rows, buckets }: { rows: StatusGroups[]; buckets: readonly { id: string; label: string }[] }) {
  const columns: ListColumn<StatusGroups>[] = [
    { id: 'status', header: 'Status', cell: (row) => statusWithRaw(row.status) },
    ...buckets.map((bucket): ListColumn<StatusGroups> => ({ id: bucket.id, header: bucket.label, cellClassName: 'tabular-nums', cell: (row) => countLink(row.buckets[bucket.id] ?? { count: 0, href: '' }) })),
    {
      id: 'all',
      header: 'All',
      cellClassName: 'tabular-nums',
      cell: (row) => (
        <span data-testid={`stuck-total-${row.status}`}>
          <a data-client-nav className="underline" href={row.all.href}>{row.all.count}</a>
        </span>
      ),
    },
  ];
  return <ListTable columns={columns} rows={rows} getRowId={(row) => row.status} caption="Stuck messages by status and time since the last update" empty="No status watched." testId="stuck-groups" />;
}
