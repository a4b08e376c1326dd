/** The jobs table's shape, without zod: the browser's table and the page's URL reader share it. */
import type { TableSpec } from '@/lib/search-params/table';

/** The jobs table's columns (components/jobs/jobs-table.tsx): ordered by creation time. */
export const JOBS_TABLE: TableSpec = {
  sortable: ['created'],
  defaultSort: { field: 'created', order: 'desc' },
  columns: ['job', 'action', 'covers', 'status', 'progress', 'by', 'created'],
  defaultSize: 50,
};
