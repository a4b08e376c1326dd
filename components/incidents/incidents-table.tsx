import type { ListColumn } from '@/components/data-table/list-table';
import { PagedTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/record-link';
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

export const STATUS_VARIANT: Record<IncidentStatus, 'destructive' | 'warning' | 'success'> = { open: 'destructive', mitigated: 'warning', resolved: 'success' };

const COLUMNS: ListColumn<IncidentListItem>[] = [
  { id: 'title', header: 'Incident', cell: (row) => <RecordLink href={incidentHref(row.id)}>{row.title}</RecordLink> },
  { id: 'severity', header: 'Severity', cell: (row) => row.severity.toUpperCase() },
  { id: 'status', header: 'Status', cell: (row) => <Badge variant={STATUS_VARIANT[row.status]}>{row.status}</Badge> },
  { id: 'scope', header: 'Scope', cellClassName: 'text-xs', cell: (row) => row.scope },
  { id: 'opened', header: 'Opened', cellClassName: 'whitespace-nowrap font-mono text-xs', cell: (row) => formatUtc(row.openedAt) },
  { id: 'by', header: 'By', cell: (row) => row.openedBy },
  { id: 'ttm', header: 'To mitigate', cellClassName: 'whitespace-nowrap tabular-nums', cell: (row) => row.timeToMitigate },
  { id: 'ttr', header: 'To resolve', cellClassName: 'whitespace-nowrap tabular-nums', cell: (row) => row.timeToResolve },
  { id: 'activity', header: 'Notes / jobs', cellClassName: 'tabular-nums', cell: (row) => `${row.notes} / ${row.jobs}` },
];

export function IncidentsTable({ rows, page, size, total }: { rows: IncidentListItem[]; page: number; size: number; total: number }) {
  return (
    <PagedTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(row) => row.id}
      caption="Incidents, newest first"
      empty="No incident yet. Open one from the dashboard or from a stuck-queue view."
      testId="incidents-table"
      rowAttributes={(row) => ({ 'data-testid': 'incident-row', 'data-incident-id': row.id })}
      pagination={{ page, size, total, rowLabel: total === 1 ? 'incident' : 'incidents' }}
    />
  );
}
