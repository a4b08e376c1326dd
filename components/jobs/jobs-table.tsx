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

/** A field of the export only, read from the row as it is. */
const exported = (csv: string, value: (row: JobRow) => unknown): ConsoleColumn<JobRow> => ({
  id: `export_${csv}`,
  header: csv,
  accessorFn: value,
  meta: { csv, exportOnly: true },
});

const COLUMNS: ConsoleColumn<JobRow>[] = [
  {
    id: 'job',
    header: 'Job',
    accessorFn: (row) => row.id,
    cell: ({ row: { original: row } }) => <RecordLink href={jobHref(row.id)}>{row.id.slice(0, 8)}</RecordLink>,
    meta: { csv: 'id' },
  },
  {
    id: 'action',
    header: 'Action',
    accessorFn: (row) => row.actionName,
    cell: ({ row: { original: row } }) => row.action,
    meta: { csv: 'action' },
  },
  exported('params', (row) => row.params),
  {
    id: 'covers',
    header: 'Covers',
    accessorFn: (row) => row.covers,
    cell: ({ row: { original: row } }) => <JobCovers row={row} />,
    meta: { cellMaxWidth: 'max-w-80', cellClassName: 'text-xs whitespace-normal', csv: 'covers' },
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (row) => row.status,
    cell: ({ row: { original: row } }) => <Badge variant="secondary">{row.status}</Badge>,
    meta: { csv: 'status' },
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
  exported('total', (row) => row.counts.total),
  exported('done', (row) => row.counts.done),
  exported('ok', (row) => row.counts.ok),
  exported('failed', (row) => row.counts.failed),
  exported('skipped', (row) => row.counts.skipped),
  {
    id: 'by',
    header: 'By',
    accessorFn: (row) => row.createdBy,
    cell: ({ row: { original: row } }) => row.createdBy,
    meta: { csv: 'created_by' },
  },
  {
    enableSorting: true,
    id: 'created',
    sortDescFirst: true,
    header: 'Created',
    accessorFn: (row) => row.createdAt.toISOString(),
    cell: ({ row: { original: row } }) => formatUtc(row.createdAt),
    meta: { cellClassName: 'whitespace-nowrap font-mono text-xs', csv: 'created_at' },
  },
  exported('finished_at', (row) => row.finishedAt?.toISOString() ?? null),
  exported('reverts_job_id', (row) => row.revertsJobId),
];

/** The jobs table, declared once: its columns and CSV fields, newest first, 50 a page (the page's URL reads it: lib/jobs/search-params.ts; its export: app/api/jobs/export). */
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
