import { StaticTable } from '@/components/data-table/static-table';
import type { AuditRow } from '@/lib/audit/log';
import { AUDIT_COLUMNS } from './audit-cells';

const ENTRY = { 'data-testid': 'audit-entry' } as const;

/**
 * A record's latest audit entries, read-only (no paging, order or column choice), rendered on the
 * server with the audit page's columns: a detail page ships no table code for its history.
 */
export function AuditEntriesStatic({ rows, showTargets = true, empty = 'No entry.' }: { rows: AuditRow[]; showTargets?: boolean; empty?: React.ReactNode }) {
  const columns = AUDIT_COLUMNS.filter((column) => showTargets || column.id !== 'target').map((column) => ({ ...column, header: column.label }));
  return (
    <div className="space-y-3">
      <StaticTable columns={columns} rows={rows} getRowId={(row) => String(row.id)} caption="Audit entries" empty={empty} testId="audit-entries" rowAttributes={() => ENTRY} />
    </div>
  );
}
