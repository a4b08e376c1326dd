import { PagedTable } from '@/components/data-table/paged-table';
import type { AuditRow } from '@/lib/audit/log';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import type { TableParams } from '@/lib/search-params/table';
import { AUDIT_TABLE, AUDIT_TABLE_BASE } from './audit-cells';

interface AuditEntriesTableProps {
  rows: AuditRow[];
  /** The audit page's paging, order and columns. */
  pagination: { page: number; total: number; table: TableParams; exportHref: string };
  empty: React.ReactNode;
}

/** The audit page's entries (a record's history: audit-entries-static.tsx). */
export function AuditEntriesTable({ rows, pagination, empty }: AuditEntriesTableProps) {
  return (
    <PagedTable
      {...AUDIT_TABLE_BASE}
      rows={rows}
      empty={empty}
      visibility={pagination.table.visibility}
      pagination={{
        page: pagination.page,
        total: pagination.total,
        size: pagination.table.size,
        sizes: PAGE_SIZES,
        defaultSize: AUDIT_TABLE.defaultSize,
        rowLabel: pagination.total === 1 ? 'entry' : 'entries',
      }}
      sort={{ current: pagination.table.sort, default: AUDIT_TABLE.defaultSort }}
      chooseColumns
      exportHref={pagination.exportHref}
    />
  );
}
