'use client';

import { createColumnHelper } from '@tanstack/react-table';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import { RecordLink } from '@/components/data-table/record-link';
import { Badge } from '@/components/ui/badge';
import { incidentHref } from '@/lib/incidents/paths';
import type { IncidentSeverity, IncidentStatus } from '@/lib/incidents/types';
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

const helper = createColumnHelper<ServerTableFeatures, IncidentListItem>();

const COLUMNS = [
  helper.display({ id: 'title', header: 'Incident', meta: { label: 'Incident' }, cell: ({ row }) => <RecordLink href={incidentHref(row.original.id)}>{row.original.title}</RecordLink> }),
  helper.display({ id: 'severity', header: 'Severity', meta: { label: 'Severity' }, cell: ({ row }) => row.original.severity.toUpperCase() }),
  helper.display({ id: 'status', header: 'Status', meta: { label: 'Status' }, cell: ({ row }) => <Badge variant={STATUS_VARIANT[row.original.status]}>{row.original.status}</Badge> }),
  helper.display({ id: 'scope', header: 'Scope', meta: { label: 'Scope', cellClassName: 'text-xs' }, cell: ({ row }) => row.original.scope }),
  helper.display({ id: 'opened', header: 'Opened', meta: { label: 'Opened', cellClassName: 'whitespace-nowrap font-mono text-xs' }, cell: ({ row }) => formatUtc(row.original.openedAt) }),
  helper.display({ id: 'by', header: 'By', meta: { label: 'By' }, cell: ({ row }) => row.original.openedBy }),
  helper.display({ id: 'ttm', header: 'To mitigate', meta: { label: 'To mitigate', cellClassName: 'whitespace-nowrap tabular-nums' }, cell: ({ row }) => row.original.timeToMitigate }),
  helper.display({ id: 'ttr', header: 'To resolve', meta: { label: 'To resolve', cellClassName: 'whitespace-nowrap tabular-nums' }, cell: ({ row }) => row.original.timeToResolve }),
  helper.display({ id: 'activity', header: 'Notes / jobs', meta: { label: 'Notes / jobs', cellClassName: 'tabular-nums' }, cell: ({ row }) => `${row.original.notes} / ${row.original.jobs}` }),
];

export function IncidentsTable({ rows, page, size, total }: { rows: IncidentListItem[]; page: number; size: number; total: number }) {
  return (
    <PagedDataTable
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
