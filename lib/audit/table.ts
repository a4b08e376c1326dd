/** The audit table's shape, without zod: the browser's table and the page's URL reader share it. */
import type { TableSpec } from '@/lib/search-params/table';

/** The audit table's columns (components/audit/audit-entries-table.tsx): ordered by time. */
export const AUDIT_TABLE: TableSpec = {
  sortable: ['time'],
  defaultSort: { field: 'time', order: 'desc' },
  columns: ['time', 'operator', 'action', 'target', 'outcome', 'service', 'details'],
  defaultSize: 50,
};
