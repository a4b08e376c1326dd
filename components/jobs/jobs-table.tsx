import { Link } from '@/components/link';
import type { ConsoleColumn } from '@/lib/tables/columns';
import { PagedTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/cells/record-link';
import { Badge } from '@/components/ui/badge';
import { jobHref } from '@/lib/entities/hrefs';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import type { JobRow } from '@/lib/jobs/store';
import type { OrderedTable, TableParams } from '@/lib/search-params/table';
import { formatUtc } from '@/lib/time';

/** What the job covered, and a link back to the view it was started from when that is known. */
function JobCovers({ row }: { row: JobRow }) {
  return (
    <span data-testid="job-covers">
      {row.covers}
      {row.origin ? (
        <>
          {' '}
          <Link
            href={row.origin}
            title={row.origin}
            className="underline underline-offset-2"
            data-testid="job-origin-link"
          >
            (started from {row.origin.split('?')[0]})
          </Link>
        </>
      ) : null}
    </span>
  );
}

const COLUMNS: ConsoleColumn<JobRow>[] = [
  {
    id: 'job',
    header: 'Job',
    cell: ({ row: { original: row } }) => <RecordLink href={jobHref(row.id)}>{row.id.slice(0, 8)}</RecordLink>,
  },
  { id: 'action', header: 'Action', cell: ({ row: { original: row } }) => row.action },
  {
    id: 'covers',
    header: 'Covers',
    cell: ({ row: { original: row } }) => <JobCovers row={row} />,
    meta: { cellMaxWidth: 'max-w-80', cellClassName: 'text-xs whitespace-normal' },
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: row } }) => <Badge variant="secondary">{row.status}</Badge>,
  },
  {
    id: 'progress',
    header: 'Progress',
    cell: ({ row: { original: row } }) => {
      // A dry run read in the background has sent nothing yet: say where it stands instead.
      if (row.status === 'planning') return 'dry run reading the selection';
      const { done, total, failed } = row.counts;
      if (row.status === 'planned') return `${total} planned, waiting for confirmation`;
      return `${done} / ${total}${failed ? `, ${failed} failed` : ''}`;
    },
    meta: { cellClassName: 'tabular-nums' },
  },
  { id: 'by', header: 'By', cell: ({ row: { original: row } }) => row.createdBy },
  {
    enableSorting: true,
    id: 'created',
    sortDescFirst: true,
    header: 'Created',
    cell: ({ row: { original: row } }) => formatUtc(row.createdAt),
    meta: { cellClassName: 'whitespace-nowrap font-mono text-xs' },
  },
];

/** The jobs table, declared once: its columns, newest first, 50 a page (the page's URL reads it: lib/jobs/search-params.ts). */
export const JOBS_TABLE: OrderedTable<JobRow> = {
  columns: COLUMNS,
  filters: [],
  searchHint: null,
  defaultSort: { field: 'created', order: 'desc' },
  defaultSize: 50,
};

interface JobsTableProps {
  rows: JobRow[];
  page: number;
  /** Size, order and shown columns, as the URL says. */
  table: TableParams;
  total: number;
  exportHref?: string;
}

/** Every operator's jobs, one page of them, newest first unless the operator orders otherwise. */
export function JobsTable({ rows, page, table, total, exportHref }: JobsTableProps) {
  return (
    <PagedTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => row.id}
      caption="Bulk jobs"
      empty="No job yet. Start one from the stuck queue."
      testId="jobs-table"
      pagination={{
        page,
        size: table.size,
        total,
        rowLabel: total === 1 ? 'job' : 'jobs',
        sizes: PAGE_SIZES,
        defaultSize: JOBS_TABLE.defaultSize,
      }}
      sort={{ current: table.sort, default: JOBS_TABLE.defaultSort }}
      visibility={table.visibility}
      chooseColumns
      exportHref={exportHref}
    />
  );
}
