import type { ConsoleColumn } from '@/lib/tables/columns';
import type { OrderedTable } from '@/lib/search-params/table';
import { RecordLink } from '@/components/data-table/cells/record-link';
import { Badge } from '@/components/ui/badge';
import { AUDIT_FILTERS } from '@/lib/audit/filters';
import type { AuditOutcomeValue, AuditRow } from '@/lib/audit/log';
import { auditTargetHref, jobHref } from '@/lib/entities/hrefs';
import { statusLabel } from '@/lib/status-labels';
import { formatUtc } from '@/lib/time';

/**
 * The audit entries' columns, for the audit page (audit-entries-table.tsx), a record's
 * history (audit-entries-static.tsx) and the CSV export (app/api/audit/export) alike. Every value
 * is text: params and messages may come from anyone. The time is the one column the audit page
 * sorts by.
 */

const OUTCOME_VARIANT: Record<AuditOutcomeValue, 'success' | 'destructive' | 'warning' | 'secondary' | 'outline'> = {
  ok: 'success',
  failed: 'destructive',
  denied: 'warning',
  invalid: 'warning',
  pending: 'secondary',
};

/** A field of the CSV export that the table shows inside another column, or not at all. */
const csvField = (field: string, value: (row: AuditRow) => unknown): ConsoleColumn<AuditRow> => ({
  id: field,
  accessorFn: value,
  meta: { csv: field, exportOnly: true },
});

const AUDIT_COLUMNS: readonly ConsoleColumn<AuditRow>[] = [
  {
    id: 'time',
    header: 'Time',
    enableSorting: true,
    sortDescFirst: true,
    accessorFn: (row) => row.occurredAt.toISOString(),
    cell: ({ row: { original: row } }) => <span title={row.occurredAt.toISOString()}>{formatUtc(row.occurredAt)}</span>,
    meta: { cellClassName: 'whitespace-nowrap font-mono text-xs', csv: 'occurred_at' },
  },
  {
    id: 'operator',
    header: 'Operator',
    accessorFn: (row) => row.operatorEmail,
    meta: { csv: 'operator_email' },
    cell: ({ row: { original: row } }) => (
      <>
        <div className="text-sm">{row.operatorEmail}</div>
        <div className="text-xs text-muted-foreground" data-testid="audit-role">
          {row.operatorRole}
        </div>
      </>
    ),
  },
  csvField('operator_role', (row) => row.operatorRole),
  {
    id: 'action',
    header: 'Action',
    accessorFn: (row) => row.action,
    cell: ({ row: { original: row } }) => (
      <>
        <span data-testid="audit-action">{row.action}</span>
        {row.jobId ? (
          <div className="font-sans text-muted-foreground" data-testid="audit-job">
            {row.jobItem ? 'item of ' : null}
            <RecordLink href={jobHref(row.jobId)} className="underline">
              job {row.jobId.slice(0, 8)}
            </RecordLink>
          </div>
        ) : null}
      </>
    ),
    meta: { cellClassName: 'font-mono text-xs', csv: 'action' },
  },
  {
    id: 'target',
    header: 'Target',
    cell: ({
      row: {
        original: { targetType, targetIds },
      },
    }) => (
      <>
        <span className="text-muted-foreground">{targetType}</span>{' '}
        {targetIds.slice(0, 3).map((id, index) => {
          const href = auditTargetHref(targetType, id);
          return (
            <span key={id} className="break-all font-mono">
              {index > 0 ? ', ' : null}
              {href ? (
                <RecordLink href={href} className="underline">
                  {id}
                </RecordLink>
              ) : (
                id
              )}
            </span>
          );
        })}
        {targetIds.length > 3 ? <span className="text-muted-foreground"> +{targetIds.length - 3} more</span> : null}
      </>
    ),
    meta: { cellMaxWidth: 'max-w-64', cellClassName: 'text-xs' },
  },
  csvField('target_type', (row) => row.targetType),
  csvField('target_ids', (row) => row.targetIds.join(' ')),
  {
    id: 'outcome',
    header: 'Outcome',
    accessorFn: (row) => row.outcome,
    meta: { csv: 'outcome' },
    cell: ({ row: { original: row } }) => (
      <Badge variant={OUTCOME_VARIANT[row.outcome]} data-testid="audit-outcome">
        {row.jobItem && row.jobItem.status !== row.outcome ? row.jobItem.status.replace('_', ' ') : row.outcome}
      </Badge>
    ),
  },
  {
    id: 'service',
    header: 'Service',
    cell: ({
      row: {
        original: { upstreamStatus, durationMs, upstreamRequestId },
      },
    }) => (
      <>
        {upstreamStatus ?? '—'}
        {durationMs !== null ? <span className="text-muted-foreground"> · {durationMs} ms</span> : null}
        {upstreamRequestId ? (
          <div className="max-w-40 truncate font-mono text-muted-foreground" title={upstreamRequestId}>
            {upstreamRequestId}
          </div>
        ) : null}
      </>
    ),
    meta: { cellClassName: 'whitespace-nowrap text-xs' },
  },
  {
    id: 'details',
    header: 'Details',
    cell: ({
      row: {
        original: { denialReason, errorMessage, summary, refusalCount, params, jobItem },
      },
    }) => (
      <>
        {jobItem?.before || jobItem?.after ? (
          <div data-testid="audit-change">
            {statusLabel(jobItem.before ?? '?')} → {statusLabel(jobItem.after ?? jobItem.targetStatus ?? '?')}
          </div>
        ) : null}
        {denialReason ? <div className="text-muted-foreground">{denialReason}</div> : null}
        {refusalCount && refusalCount > 1 ? (
          <div className="text-muted-foreground" data-testid="audit-refusal-count">
            {refusalCount.toLocaleString('en-US')} calls in this minute
          </div>
        ) : null}
        {summary ? (
          <div className="break-words" data-testid="audit-summary">
            {summary}
          </div>
        ) : null}
        {errorMessage ? <div className="break-words text-destructive">{errorMessage}</div> : null}
        <details>
          <summary className="cursor-pointer text-muted-foreground">parameters</summary>
          <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2">
            {JSON.stringify(params, null, 2)}
          </pre>
        </details>
      </>
    ),
    meta: { cellMaxWidth: 'max-w-80', cellClassName: 'text-xs' },
  },
  csvField('denial_reason', (row) => row.denialReason),
  csvField('upstream_status', (row) => row.upstreamStatus),
  csvField('upstream_request_id', (row) => row.upstreamRequestId),
  csvField('error_message', (row) => row.errorMessage),
  csvField('summary', (row) => row.summary),
  csvField('refusal_count', (row) => row.refusalCount),
  csvField('duration_ms', (row) => row.durationMs),
  csvField('job_id', (row) => row.jobId),
  csvField('status_before', (row) => row.jobItem?.before ?? null),
  csvField('status_after', (row) => row.jobItem?.after ?? null),
  csvField('params', (row) => row.params),
];

/** The audit table, declared once: its columns, newest first, 50 a page (the page's URL reads it: lib/audit/filters.ts). */
export const AUDIT_TABLE: OrderedTable<AuditRow> = {
  columns: AUDIT_COLUMNS,
  filters: AUDIT_FILTERS,
  searchHint: null,
  defaultSort: { field: 'time', order: 'desc' },
  defaultSize: 50,
};

const ENTRY = { 'data-testid': 'audit-entry' } as const;

/** What the audit page's table and a record's history share: columns, row ids, names for tests and assistive technology. */
export const AUDIT_TABLE_BASE = {
  columns: AUDIT_COLUMNS,
  getRowId: (row: AuditRow) => String(row.id),
  caption: 'Audit entries',
  testId: 'audit-entries',
  rowAttributes: () => ENTRY,
};
