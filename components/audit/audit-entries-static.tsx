import { ListTable } from '@/components/data-table/list-table';
import type { AuditRow } from '@/lib/audit/log';
import { AUDIT_COLUMNS } from './audit-cells';

const WITHOUT_TARGETS = { target: false };
const ENTRY = { 'data-testid': 'audit-entry' } as const;

/**
 * A record's latest audit entries, read-only (no paging, order or column choice), with the audit
 * page's columns: a record's page ships no table code for its history.
 */
export function AuditEntriesStatic({ rows, showTargets = true, empty = 'No entry.' }: { rows: AuditRow[]; showTargets?: boolean; empty?: React.ReactNode }) {
  return (
    <ListTable
      columns={AUDIT_COLUMNS}
      rows={rows}
      getRowId={(row) => String(row.id)}
      caption="Audit entries"
      empty={empty}
      testId="audit-entries"
      rowAttributes={() => ENTRY}
      visibility={showTargets ? undefined : WITHOUT_TARGETS}
    />
  );
}
