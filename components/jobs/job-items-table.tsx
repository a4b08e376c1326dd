import { ListTable, type ListColumn } from '@/components/data-table/list-table';
import { RecordLink } from '@/components/data-table/record-link';
import { Badge } from '@/components/ui/badge';
import { detailHref } from '@/lib/entities/hrefs';
import type { ItemKindName, JobItem } from '@/lib/jobs/types';

const seqColumn: ListColumn<JobItem> = { id: 'seq', header: '#', cellClassName: 'tabular-nums', cell: (row) => row.seq + 1 };

const messageColumn: ListColumn<JobItem> = {
  id: 'message',
  header: 'Message',
  cell: (row) => <RecordLink href={detailHref('messages', row.itemId)}>{row.itemId}</RecordLink>,
};

/** A user by name when the page could read it (the id on hover), else by id. */
const userColumn = (names: Readonly<Record<string, string>>): ListColumn<JobItem> => ({
  id: 'user',
  header: 'User',
  cell: (row) => {
    const name = names[row.itemId];
    return name ? (
      <a data-client-nav className="underline" href={detailHref('users', row.itemId)} title={row.itemId}>{name}</a>
    ) : (
      <RecordLink href={detailHref('users', row.itemId)}>{row.itemId}</RecordLink>
    );
  },
});

const OTHER_COLUMNS: ListColumn<JobItem>[] = [
  {
    id: 'outcome',
    header: 'Outcome',
    cell: (row) => {
      const { status } = row;
      return <Badge variant={status === 'ok' ? 'success' : status === 'failed' ? 'destructive' : 'secondary'}>{status}</Badge>;
    },
  },
  {
    id: 'statuses',
    header: 'Before → after',
    cellClassName: 'font-mono text-xs',
    cell: (row) => `${row.statusBefore ?? '—'} → ${row.statusAfter ?? '—'}`,
  },
  { id: 'sends', header: 'Sends', cellClassName: 'tabular-nums', cell: (row) => row.sends },
  {
    id: 'reason',
    header: 'Reason',
    cellClassName: 'break-words text-xs',
    cell: (row) => row.error ?? '',
  },
  {
    id: 'request',
    header: 'Request id',
    cellClassName: 'font-mono text-xs text-muted-foreground',
    cell: (row) => row.upstreamRequestId ?? '—',
  },
];

const NO_NAMES: Readonly<Record<string, string>> = {};

/** The items of a job shown on its page (the first ones of the chosen status); users by name when `names` has them. */
export function JobItemsTable({ rows, kind = 'message', names = NO_NAMES }: { rows: JobItem[]; kind?: ItemKindName; names?: Readonly<Record<string, string>> }) {
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
