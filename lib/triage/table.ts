/** The stuck table's shape, without zod: the browser's table and the page's URL reader share it. */
import type { TableSpec } from '@/lib/search-params/table';

export const STUCK_PAGE_SIZE = 50;

/** The stuck table's columns (components/triage/stuck-table.tsx): ordered by age, oldest first. */
export const STUCK_TABLE: TableSpec = {
  sortable: ['age'],
  defaultSort: { field: 'age', order: 'desc' },
  columns: ['message', 'status', 'age', 'workspace', 'channel', 'creator', 'missing'],
  defaultSize: STUCK_PAGE_SIZE,
};
