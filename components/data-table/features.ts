/**
 * The features of every table of the console: sorting, paging and column visibility as state
 * only (the server sorts and pages; no client row models), row selection where a page acts on
 * rows, and a label per column for the column chooser. Declared once at module scope, as
 * TanStack Table 9 expects.
 */
import { columnVisibilityFeature, metaHelper, rowPaginationFeature, rowSelectionFeature, rowSortingFeature, tableFeatures } from '@tanstack/react-table';

export interface ServerColumnMeta {
  /** The column's name in words, for the column chooser. */
  label: string;
  /** Classes of the column's body cells (widths, monospace ids), added to the table's own. */
  cellClassName?: string;
  /** The body cells' max width class (default `max-w-96`); classes are joined, not merged. */
  cellMaxWidth?: string;
}

export const serverTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<ServerColumnMeta>(),
});

export type ServerTableFeatures = typeof serverTableFeatures;
