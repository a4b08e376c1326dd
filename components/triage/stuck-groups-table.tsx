import { Link } from '@/components/link';
import { ListTable } from '@/components/data-table/list-table';
import type { ConsoleColumn } from '@/lib/tables/columns';
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

const countLink = ({ count, href }: GroupCount) =>
  count ? (
    <Link className="underline" href={href}>
      {count}
    </Link>
  ) : (
    '0'
  );

/** The queue by status and time since the last update, as the one table. */
export function StuckGroupsTable({
  rows,
  buckets,
}: {
  rows: StatusGroups[];
  buckets: readonly { id: string; label: string }[];
}) {
  const columns: ConsoleColumn<StatusGroups>[] = [
    { id: 'status', header: 'Status', cell: ({ row: { original: row } }) => statusWithRaw(row.status) },
    ...buckets.map(
      (bucket): ConsoleColumn<StatusGroups> => ({
        id: bucket.id,
        header: bucket.label,
        cell: ({ row: { original: row } }) => countLink(row.buckets[bucket.id] ?? { count: 0, href: '' }),
        meta: { cellClassName: 'tabular-nums' },
      }),
    ),
    {
      id: 'all',
      header: 'All',
      cell: ({ row: { original: row } }) => (
        <span data-testid={`stuck-total-${row.status}`}>
          <Link className="underline" href={row.all.href}>
            {row.all.count}
          </Link>
        </span>
      ),
      meta: { cellClassName: 'tabular-nums' },
    },
  ];
  return (
    <ListTable
      columns={columns}
      rows={rows}
      getRowId={(row) => row.status}
      caption="Stuck messages by status and time since the last update"
      empty="No status watched."
      testId="stuck-groups"
    />
  );
}
