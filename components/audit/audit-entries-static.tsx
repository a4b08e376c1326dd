import { ListTable } from '@/components/data-table/list-table';
import type { AuditRow } from '@/lib/audit/log';
import { AUDIT_TABLE_BASE } from './audit-cells';

const WITHOUT_TARGETS = { target: false };

/**
 * A record's latest audit entries, read-only (no paging, order or column choice), with the audit
 * page's columns: a record's page ships no table code for its history.
 */
export function AuditEntriesStatic({
  rows,
  showTargets = true,
  empty = 'No entry.',
}: {
  rows: AuditRow[];
  showTargets?: boolean;
  empty?: React.ReactNode;
}) {
  return (
    <ListTable {...AUDIT_TABLE_BASE} rows={rows} empty={empty} visibility={showTargets ? undefined : WITHOUT_TARGETS} />
  );
}
