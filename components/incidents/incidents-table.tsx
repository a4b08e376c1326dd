import type { ConsoleColumn } from '@/lib/tables/columns';
import type { PaginationProps } from '@/components/data-table/pagination';
import { PagedTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/cells/record-link';
import { Badge } from '@/components/ui/badge';
import { incidentHref } from '@/lib/incidents/paths';
import type { IncidentSeverity, IncidentStatus } from '@/lib/incidents/values';
import { formatUtc } from '@/lib/time';

/** An incident as the list shows it; the server words its scope and durations. */
export interface IncidentListItem {
  id: string;
  title: string;
  severity: IncidentSeverity;
  status: IncidentStatus;
  scope: string;
  openedAt: Date;
  openedBy: string;
  timeToMitigate: string;
  timeToResolve: string;
  notes: number;
  jobs: number;
}

export const STATUS_VARIANT: Record<IncidentStatus, 'destructive' | 'warning' | 'success'> = {
  open: 'destructive',
  mitigated: 'warning',
  resolved: 'success',
};

const COLUMNS: ConsoleColumn<IncidentListItem>[] = [
  {
    id: 'title',
    header: 'Incident',
    cell: ({ row: { original: row } }) => <RecordLink href={incidentHref(row.id)}>{row.title}</RecordLink>,
  },
  { id: 'severity', header: 'Severity', cell: ({ row: { original: row } }) => row.severity.toUpperCase() },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: row } }) => <Badge variant={STATUS_VARIANT[row.status]}>{row.status}</Badge>,
  },
  { id: 'scope', header: 'Scope', cell: ({ row: { original: row } }) => row.scope, meta: { cellClassName: 'text-xs' } },
  {
    id: 'opened',
    header: 'Opened',
    cell: ({ row: { original: row } }) => formatUtc(row.openedAt),
    meta: { cellClassName: 'whitespace-nowrap font-mono text-xs' },
  },
  { id: 'by', header: 'By', cell: ({ row: { original: row } }) => row.openedBy },
  {
    id: 'ttm',
    header: 'To mitigate',
    cell: ({ row: { original: row } }) => row.timeToMitigate,
    meta: { cellClassName: 'whitespace-nowrap tabular-nums' },
  },
  {
    id: 'ttr',
    header: 'To resolve',
    cell: ({ row: { original: row } }) => row.timeToResolve,
    meta: { cellClassName: 'whitespace-nowrap tabular-nums' },
  },
  {
    id: 'activity',
    header: 'Notes / jobs',
    cell: ({ row: { original: row } }) => `${row.notes} / ${row.jobs}`,
    meta: { cellClassName: 'tabular-nums' },
  },
];

export function IncidentsTable({
  rows,
  ...page
}: { rows: IncidentListItem[] } & Pick<PaginationProps, 'page' | 'size' | 'total'>) {
  return (
    <PagedTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => row.id}
      caption="Incidents, newest first"
      empty="No incident yet. Open one from the dashboard or from a stuck-queue view."
      testId="incidents-table"
      rowAttributes={(row) => ({ 'data-testid': 'incident-row', 'data-incident-id': row.id })}
      pagination={{ ...page, rowLabel: page.total === 1 ? 'incident' : 'incidents' }}
    />
  );
}
