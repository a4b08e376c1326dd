import { PagedTable } from '@/components/data-table/paged-table';
import type { AuditRow } from '@/lib/audit/log';
import { AUDIT_TABLE } from '@/lib/audit/table';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import type { TableParams } from '@/lib/search-params/table';
import { AUDIT_COLUMNS } from './audit-cells';

const WITHOUT_TARGETS = { target: false };
const ENTRY = { 'data-testid': 'audit-entry' } as const;

interface AuditEntriesTableProps {
  rows: AuditRow[];
  /** Off on a record's own page, where every entry targets that record. */
  showTargets?: boolean;
  /** The audit page's paging, order and columns; a record's history shows its latest entries only. */
  pagination?: { page: number; total: number; table: TableParams; exportHref: string };
  empty?: React.ReactNode;
}

/** Audit entries: the audit page's table, or a record's latest entries (no paging, order or column choice). */
export function AuditEntriesTable({ rows, showTargets = true, pagination, empty = 'No entry.' }: AuditEntriesTableProps) {
  return (
    <PagedTable
      columns={AUDIT_COLUMNS}
      rows={rows}
      getRowId={(row) => String(row.id)}
      caption="Audit entries"
      empty={empty}
      testId="audit-entries"
      rowAttributes={() => ENTRY}
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
