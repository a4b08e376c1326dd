/**
 * The features of every server-driven table: sorting, paging and column visibility as state
 * only (the service sorts and pages; no client row models), and a label per column for the
 * column chooser. Declared once at module scope, as TanStack Table 9 expects.
 */
import { columnVisibilityFeature, metaHelper, rowPaginationFeature, rowSortingFeature, tableFeatures } from '@tanstack/react-table';

export interface ServerColumnMeta {
  /** The column's name in words, for the column chooser. */
  label: string;
}

export const serverTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  columnMeta: metaHelper<ServerColumnMeta>(),
});

export type ServerTableFeatures = typeof serverTableFeatures;
