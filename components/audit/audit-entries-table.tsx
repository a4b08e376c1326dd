'use client';

import { createColumnHelper } from '@tanstack/react-table';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/record-link';
import { Badge } from '@/components/ui/badge';
import type { AuditOutcomeValue, AuditRow } from '@/lib/audit/log';
import { AUDIT_TABLE } from '@/lib/audit/table';
import { auditTargetHref } from '@/lib/entities/hrefs';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import type { TableParams } from '@/lib/search-params/table';
import { formatUtc } from '@/lib/time';

const OUTCOME_VARIANT: Record<AuditOutcomeValue, 'success' | 'destructive' | 'warning' | 'secondary' | 'outline'> = {
  ok: 'success',
  failed: 'destructive',
  denied: 'warning',
  invalid: 'warning',
  pending: 'secondary',
};

const helper = createColumnHelper<ServerTableFeatures, AuditRow>();

// Every value is text: params and messages may come from anyone.
const COLUMNS = [
  helper.accessor((row): unknown => row.occurredAt, {
    id: 'time',
    sortDescFirst: true,
    header: 'Time',
    meta: { label: 'Time', cellClassName: 'whitespace-nowrap font-mono text-xs' },
    cell: ({ row }) => <span title={row.original.occurredAt.toISOString()}>{formatUtc(row.original.occurredAt)}</span>,
  }),
  helper.display({
    id: 'operator',
    header: 'Operator',
    meta: { label: 'Operator' },
    cell: ({ row }) => (
      <>
        <div className="text-sm">{row.original.operatorEmail}</div>
        <div className="text-xs text-muted-foreground" data-testid="audit-role">{row.original.operatorRole}</div>
      </>
    ),
  }),
  helper.display({
    id: 'action',
    header: 'Action',
    meta: { label: 'Action', cellClassName: 'font-mono text-xs' },
    cell: ({ row }) => <span data-testid="audit-action">{row.original.action}</span>,
  }),
  helper.display({
    id: 'target',
    header: 'Target',
    meta: { label: 'Target', cellMaxWidth: 'max-w-64', cellClassName: 'text-xs' },
    cell: ({ row }) => {
      const { targetType, targetIds } = row.original;
      return (
        <>
          <span className="text-muted-foreground">{targetType}</span>{' '}
          {targetIds.slice(0, 3).map((id, index) => {
            const href = auditTargetHref(targetType, id);
            return (
              <span key={id} className="break-all font-mono">
                {index > 0 ? ', ' : null}
                {href ? <RecordLink href={href} className="underline">{id}</RecordLink> : id}
              </span>
            );
          })}
          {targetIds.length > 3 ? <span className="text-muted-foreground"> +{targetIds.length - 3} more</span> : null}
        </>
      );
    },
  }),
  helper.display({
    id: 'outcome',
    header: 'Outcome',
    meta: { label: 'Outcome' },
    cell: ({ row }) => (
      <Badge variant={OUTCOME_VARIANT[row.original.outcome]} data-testid="audit-outcome">
        {row.original.outcome}
      </Badge>
    ),
  }),
  helper.display({
    id: 'service',
    header: 'Service',
    meta: { label: 'Service', cellClassName: 'whitespace-nowrap text-xs' },
    cell: ({ row }) => {
      const { upstreamStatus, durationMs, upstreamRequestId } = row.original;
      return (
        <>
          {upstreamStatus ?? '—'}
          {durationMs !== null ? <span className="text-muted-foreground"> · {durationMs} ms</span> : null}
          {upstreamRequestId ? (
            <div className="max-w-40 truncate font-mono text-muted-foreground" title={upstreamRequestId}>
              {upstreamRequestId}
            </div>
          ) : null}
        </>
      );
    },
  }),
  helper.display({
    id: 'details',
    header: 'Details',
    meta: { label: 'Details', cellMaxWidth: 'max-w-80', cellClassName: 'text-xs' },
    cell: ({ row }) => {
      const { denialReason, errorMessage, summary, refusalCount, params } = row.original;
      return (
        <>
          {denialReason ? <div className="text-muted-foreground">{denialReason}</div> : null}
          {refusalCount && refusalCount > 1 ? <div className="text-muted-foreground" data-testid="audit-refusal-count">{refusalCount.toLocaleString('en-US')} calls in this minute</div> : null}
          {summary ? <div className="break-words" data-testid="audit-summary">{summary}</div> : null}
          {errorMessage ? <div className="break-words text-destructive">{errorMessage}</div> : null}
          <details>
            <summary className="cursor-pointer text-muted-foreground">parameters</summary>
            <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2">{JSON.stringify(params, null, 2)}</pre>
          </details>
        </>
      );
    },
  }),
];

const WITHOUT_TARGETS = { target: false };

interface AuditEntriesTableProps {
  rows: AuditRow[];
  /** Off on a record's own page, where every entry targets that record. */
  showTargets?: boolean;
  /** The audit page's paging, order and columns; a record's panel shows its latest entries only. */
  pagination?: { page: number; total: number; table: TableParams; exportHref: string };
  empty?: React.ReactNode;
}

/** Audit entries as the generic data table. */
export function AuditEntriesTable({ rows, showTargets = true, pagination, empty = 'No entry.' }: AuditEntriesTableProps) {
  return (
    <PagedDataTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => String(row.id)}
      caption="Audit entries"
      empty={empty}
      testId="audit-entries"
      rowAttributes={() => ({ 'data-testid': 'audit-entry' })}
      visibility={pagination ? pagination.table.visibility : showTargets ? undefined : WITHOUT_TARGETS}
      pagination={
        pagination
          ? { page: pagination.page, total: pagination.total, size: pagination.table.size, sizes: PAGE_SIZES, defaultSize: AUDIT_TABLE.defaultSize, rowLabel: pagination.total === 1 ? 'entry' : 'entries' }
          : undefined
      }
      sort={pagination ? { current: pagination.table.sort, default: AUDIT_TABLE.defaultSort } : undefined}
      chooseColumns={pagination !== undefined}
      exportHref={pagination?.exportHref}
    />
  );
}
