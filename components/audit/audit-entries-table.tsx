'use client';

import { createColumnHelper } from '@tanstack/react-table';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import type { AuditRow } from '@/lib/audit/log';
import { AUDIT_TABLE } from '@/lib/audit/table';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import type { TableParams } from '@/lib/search-params/table';
import { AUDIT_COLUMNS } from './audit-cells';

const helper = createColumnHelper<ServerTableFeatures, AuditRow>();

// The time is the one column the audit page sorts by.
const COLUMNS = AUDIT_COLUMNS.map(({ id, label, cellClassName, cellMaxWidth, cell }) => {
  const options = { id, header: label, meta: { label, cellClassName, cellMaxWidth }, cell: ({ row }: { row: { original: AuditRow } }) => cell(row.original) };
  return id === 'time' ? helper.accessor((row): unknown => row.occurredAt, { ...options, sortDescFirst: true }) : helper.display(options);
});

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
