'use client';

import { createColumnHelper } from '@tanstack/react-table';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/record-link';
import { Badge } from '@/components/ui/badge';
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

const STATUS_VARIANT: Record<ApprovalStatus, 'default' | 'secondary' | 'outline' | 'destructive' | 'success' | 'warning'> = {
  pending: 'warning',
  approved: 'default',
  rejected: 'destructive',
  expired: 'outline',
  executed: 'success',
  canceled: 'outline',
};

export function ApprovalStatusBadges({ status, breakGlass, reviewed }: Pick<ApprovalRow, 'status' | 'breakGlass' | 'reviewed'>) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>
      {breakGlass ? <Badge variant="destructive">break-glass</Badge> : null}
      {breakGlass && !reviewed ? <Badge variant="warning">awaiting review</Badge> : null}
    </span>
  );
}

const helper = createColumnHelper<ServerTableFeatures, ApprovalRow>();

const COLUMNS = [
  helper.display({
    id: 'request',
    header: 'Request',
    meta: { label: 'Request' },
    cell: ({ row }) => (
      <RecordLink href={`/approvals/${encodeURIComponent(row.original.id)}`} className="underline">
        {row.original.action}
      </RecordLink>
    ),
  }),
  helper.display({ id: 'what', header: 'What', meta: { label: 'What', cellMaxWidth: 'max-w-96' }, cell: ({ row }) => row.original.title }),
  helper.display({ id: 'status', header: 'Status', meta: { label: 'Status' }, cell: ({ row }) => <ApprovalStatusBadges {...row.original} /> }),
  helper.display({ id: 'requestedBy', header: 'Requested by', meta: { label: 'Requested by' }, cell: ({ row }) => row.original.requestedBy }),
  helper.display({ id: 'decidedBy', header: 'Decided by', meta: { label: 'Decided by' }, cell: ({ row }) => row.original.decidedBy ?? '—' }),
  helper.display({ id: 'reason', header: 'Reason', meta: { label: 'Reason', cellMaxWidth: 'max-w-72', cellClassName: 'truncate' }, cell: ({ row }) => row.original.reason }),
  helper.display({ id: 'created', header: 'Requested', meta: { label: 'Requested', cellClassName: 'whitespace-nowrap font-mono text-xs' }, cell: ({ row }) => formatUtc(row.original.createdAt) }),
];

export function ApprovalsTable({ rows, page, size, total }: { rows: ApprovalRow[]; page: number; size: number; total: number }) {
  return (
    <PagedDataTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => row.id}
      caption="Approval requests"
      empty="No request here. Covered actions (merge, domain deletion, set owner, sequence repair, large or set-status bulk jobs) are requested from their own pages."
      testId="approvals-table"
      rowAttributes={(row) => ({ 'data-request-id': row.id })}
      pagination={{ page, size, total, rowLabel: total === 1 ? 'request' : 'requests' }}
    />
  );
}
