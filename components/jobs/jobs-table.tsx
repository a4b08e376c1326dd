import type { ListColumn } from '@/components/data-table/list-table';
import { PagedTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/record-link';
import { Badge } from '@/components/ui/badge';
import { jobHref } from '@/lib/entities/hrefs';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import { JOBS_TABLE } from '@/lib/jobs/table';
import type { JobRow } from '@/lib/jobs/store';
import type { TableParams } from '@/lib/search-params/table';
import { formatUtc } from '@/lib/time';

/** What the job covered, and a link back to the view it was started from when that is known. */
function JobCovers({ row }: { row: JobRow }) {
  return (
    <span data-testid="job-covers">
      {row.covers}
      {row.origin ? (
        <>
          {' '}
          <a data-client-nav href={row.origin} title={row.origin} className="underline underline-offset-2" data-testid="job-origin-link">
            (started from {row.origin.split('?')[0]})
          </a>
        </>
      ) : null}
    </span>
  );
}

const COLUMNS: ListColumn<JobRow>[] = [
  { id: 'job', header: 'Job', cell: (row) => <RecordLink href={jobHref(row.id)}>{row.id.slice(0, 8)}</RecordLink> },
  { id: 'action', header: 'Action', cell: (row) => row.action },
  { id: 'covers', header: 'Covers', cellMaxWidth: 'max-w-80', cellClassName: 'text-xs whitespace-normal', cell: (row) => <JobCovers row={row} /> },
  { id: 'status', header: 'Status', cell: (row) => <Badge variant="secondary">{row.status}</Badge> },
  {
    id: 'progress',
    header: 'Progress',
    cellClassName: 'tabular-nums',
    cell: (row) => {
      // A dry run read in the background has sent nothing yet: say where it stands instead.
      if (row.status === 'planning') return 'dry run reading the selection';
      const { done, total, failed } = row.counts;
      if (row.status === 'planned') return `${total} planned, waiting for confirmation`;
      return `${done} / ${total}${failed ? `, ${failed} failed` : ''}`;
    },
  },
  { id: 'by', header: 'By', cell: (row) => row.createdBy },
  { sortable: true, id: 'created', sortDescFirst: true, header: 'Created', cellClassName: 'whitespace-nowrap font-mono text-xs', cell: (row) => formatUtc(row.createdAt) },
];

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
      pagination={{ page, size: table.size, total, rowLabel: total === 1 ? 'job' : 'jobs', sizes: PAGE_SIZES, defaultSize: JOBS_TABLE.defaultSize }}
      sort={{ current: table.sort, default: JOBS_TABLE.defaultSort }}
      visibility={table.visibility}
      chooseColumns
      exportHref={exportHref}
    />
  );
}
