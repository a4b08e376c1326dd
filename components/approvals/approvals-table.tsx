import type { ConsoleColumn } from '@/lib/tables/columns';
import type { PaginationProps } from '@/components/data-table/pagination';
import { PagedTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/cells/record-link';
import { Badge } from '@/components/ui/badge';
import { approvalHref } from '@/lib/approvals/nav';
import type { ApprovalStatus } from '@/lib/approvals/types';
import { formatUtc } from '@/lib/time';

/** A request as the list shows it: worded on the server, operators by e-mail. */
export interface ApprovalRow {
  id: string;
  /** What would run, as its button says it (`Merge accounts`). */
  action: string;
  title: string;
  status: ApprovalStatus;
  breakGlass: boolean;
  /** Break-glass: reviewed by someone, or still waiting. */
  reviewed: boolean;
  requestedBy: string;
  decidedBy: string | null;
  reason: string;
  createdAt: Date;
}

const STATUS_VARIANT: Record<
  ApprovalStatus,
  'default' | 'secondary' | 'outline' | 'destructive' | 'success' | 'warning'
> = {
  pending: 'warning',
  approved: 'default',
  rejected: 'destructive',
  expired: 'outline',
  executed: 'success',
  canceled: 'outline',
};

export function ApprovalStatusBadges({
  status,
  breakGlass,
  reviewed,
}: Pick<ApprovalRow, 'status' | 'breakGlass' | 'reviewed'>) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>
      {breakGlass ? <Badge variant="destructive">break-glass</Badge> : null}
      {breakGlass && !reviewed ? <Badge variant="warning">awaiting review</Badge> : null}
    </span>
  );
}

const COLUMNS: ConsoleColumn<ApprovalRow>[] = [
  {
    id: 'request',
    header: 'Request',
    cell: ({ row: { original: row } }) => (
      <RecordLink href={approvalHref(row.id)} className="underline">
        {row.action}
      </RecordLink>
    ),
  },
  { id: 'what', header: 'What', cell: ({ row: { original: row } }) => row.title, meta: { cellMaxWidth: 'max-w-96' } },
  { id: 'status', header: 'Status', cell: ({ row: { original: row } }) => <ApprovalStatusBadges {...row} /> },
  { id: 'requestedBy', header: 'Requested by', cell: ({ row: { original: row } }) => row.requestedBy },
  { id: 'decidedBy', header: 'Decided by', cell: ({ row: { original: row } }) => row.decidedBy ?? '—' },
  {
    id: 'reason',
    header: 'Reason',
    cell: ({ row: { original: row } }) => row.reason,
    meta: { cellMaxWidth: 'max-w-72', cellClassName: 'truncate' },
  },
  {
    id: 'created',
    header: 'Requested',
    cell: ({ row: { original: row } }) => formatUtc(row.createdAt),
    meta: { cellClassName: 'whitespace-nowrap font-mono text-xs' },
  },
];

export function ApprovalsTable({
  rows,
  ...page
}: { rows: ApprovalRow[] } & Pick<PaginationProps, 'page' | 'size' | 'total'>) {
  return (
    <PagedTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => row.id}
      caption="Approval requests"
      empty="No request here. Covered actions (merge, domain deletion, set owner, sequence repair, large or set-status bulk jobs) are requested from their own pages."
      testId="approvals-table"
      rowAttributes={(row) => ({ 'data-request-id': row.id })}
      pagination={{ ...page, rowLabel: page.total === 1 ? 'request' : 'requests' }}
    />
  );
}
