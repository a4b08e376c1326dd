import { Link } from '@/components/link';
import { ListTable } from '@/components/data-table/list-table';
import type { ConsoleColumn } from '@/lib/tables/columns';
import { RecordLink } from '@/components/data-table/cells/record-link';
import { Badge } from '@/components/ui/badge';
import { detailHref } from '@/lib/entities/hrefs';
import type { ItemKindName, JobItem } from '@/lib/jobs/types';

const seqColumn: ConsoleColumn<JobItem> = {
  id: 'seq',
  header: '#',
  cell: ({ row: { original: row } }) => row.seq + 1,
  meta: { cellClassName: 'tabular-nums' },
};

const messageColumn: ConsoleColumn<JobItem> = {
  id: 'message',
  header: 'Message',
  cell: ({ row: { original: row } }) => <RecordLink href={detailHref('messages', row.itemId)}>{row.itemId}</RecordLink>,
};

/** A user by name when the page could read it (the id on hover), else by id. */
const userColumn = (names: Readonly<Record<string, string>>): ConsoleColumn<JobItem> => ({
  id: 'user',
  header: 'User',
  cell: ({ row: { original: row } }) => {
    const name = names[row.itemId];
    return name ? (
      <Link className="underline" href={detailHref('users', row.itemId)} title={row.itemId}>
        {name}
      </Link>
    ) : (
      <RecordLink href={detailHref('users', row.itemId)}>{row.itemId}</RecordLink>
    );
  },
});

const OTHER_COLUMNS: ConsoleColumn<JobItem>[] = [
  {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ row: { original: row } }) => {
      const { status } = row;
      return (
        <Badge variant={status === 'ok' ? 'success' : status === 'failed' ? 'destructive' : 'secondary'}>
          {status}
        </Badge>
      );
    },
  },
  {
    id: 'statuses',
    header: 'Before → after',
    cell: ({ row: { original: row } }) => `${row.statusBefore ?? '—'} → ${row.statusAfter ?? '—'}`,
    meta: { cellClassName: 'font-mono text-xs' },
  },
  {
    id: 'sends',
    header: 'Sends',
    cell: ({ row: { original: row } }) => row.sends,
    meta: { cellClassName: 'tabular-nums' },
  },
  {
    id: 'reason',
    header: 'Reason',
    cell: ({ row: { original: row } }) => row.error ?? '',
    meta: { cellClassName: 'break-words text-xs' },
  },
  {
    id: 'request',
    header: 'Request id',
    cell: ({ row: { original: row } }) => row.upstreamRequestId ?? '—',
    meta: { cellClassName: 'font-mono text-xs text-muted-foreground' },
  },
];

const NO_NAMES: Readonly<Record<string, string>> = {};

/** The items of a job shown on its page (the first ones of the chosen status); users by name when `names` has them. */
export function JobItemsTable({
  rows,
  kind = 'message',
  names = NO_NAMES,
}: {
  rows: JobItem[];
  kind?: ItemKindName;
  names?: Readonly<Record<string, string>>;
}) {
  const columns = [seqColumn, kind === 'user' ? userColumn(names) : messageColumn, ...OTHER_COLUMNS];
  return (
    <ListTable
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
