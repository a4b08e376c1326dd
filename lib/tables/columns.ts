/**
 * The one way a console table is declared: TanStack Table column definitions whose `meta`
 * carries what the console adds (a label for the column chooser, default visibility, the CSV
 * field, cell classes, an entity value's kind), with the table's filters, order and page size
 * beside them in one TableDeclaration. The page reads its URL from the declaration
 * (lib/search-params/table.ts), renders its rows from it (components/data-table/list-table.tsx),
 * draws its filter bar from it (components/data-table/filters/filter-bar.tsx) and writes its CSV from it
 * (lib/tables/csv.ts). Zod-free and React-free: the declaration modules that import it are server
 * modules, and nothing here reaches the browser.
 */
import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
  type CellContext,
  type ColumnDef,
  type RowData,
} from '@tanstack/table-core';
import { DEFAULT_PAGE_SIZE, type PageSize } from '@/lib/entities/list-state';
import type { ColumnKind, EntityName, SortSpec } from '@/lib/entities/types';
import type { FilterSpec } from './filters';

/** What a console column declares besides TanStack's own fields (id, header, cell, enableSorting, sortDescFirst, enableHiding). */
export interface ConsoleColumnMeta {
  /** The column's name in words, for the column chooser (default: the header, when it is text). */
  label?: string;
  /** Left out unless the URL's `cols` names it. */
  defaultHidden?: boolean;
  /** The column's field name in the CSV export; none: the column is not exported. */
  csv?: string;
  /** A field of the CSV export only: never shown, not offered by the column chooser. */
  exportOnly?: boolean;
  /** How the value is shown and exported (entity fields; lib/entities/types.ts). */
  kind?: ColumnKind;
  /** The value holds ids (one, or a list) of records of this entity: they become links. */
  linkTo?: string;
  /** Classes of the column's body cells (widths, monospace ids), added to the table's own. */
  cellClassName?: string;
  /** The body cells' max width class, instead of the table's `max-w-96`. */
  cellMaxWidth?: string;
}

/** What a table's cells may read from the page that renders it (names of linked records). */
export interface ConsoleTableMeta {
  /** Names of linked records by their detail href (lib/entities/names.ts). */
  titles?: ReadonlyMap<string, string | EntityName>;
  /** The entity whose records are the rows: their id cells link to the records' pages. */
  entity?: string;
  /** The time the page measures ages at (epoch milliseconds). */
  now?: number;
  /** This view with its page: a record opened from a row leads back to it (lib/navigation/from). */
  returnHref?: string;
}

/**
 * The features every console table is declared against: visibility (the URL's `cols`) and sorting
 * (the server orders: `manualSorting`). Filtering and paging are the server's, through the URL.
 */
export const consoleTableFeatures = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  columnMeta: metaHelper<ConsoleColumnMeta>(),
  tableMeta: metaHelper<ConsoleTableMeta>(),
});
export type ConsoleTableFeatures = typeof consoleTableFeatures;

/** A console column: a TanStack column definition of rows of `TData`. */
export type ConsoleColumn<TData extends RowData> = ColumnDef<ConsoleTableFeatures, TData, unknown>;
export type ConsoleCellContext<TData extends RowData> = CellContext<ConsoleTableFeatures, TData, unknown>;

/** TanStack's column helper for the rows of one table. */
export const columnHelper = <TData extends RowData>() => createColumnHelper<ConsoleTableFeatures, TData>();

/** A table declared once: its columns, and beside them its filters, default order and page size. */
export interface TableDeclaration<TData extends RowData> {
  columns: readonly ConsoleColumn<TData>[];
  /** The filters of its bar, each read from its own URL parameter (none: no filter bar). */
  filters: readonly FilterSpec[];
  /** What free text `q` searches, for the search box's label; null when there is no search. */
  searchHint: string | null;
  /** The order without a `sort` parameter; null: the source's own order. */
  defaultSort: SortSpec | null;
  /** The page size without a `size` parameter (none: DEFAULT_PAGE_SIZE). */
  defaultSize?: PageSize;
}

/** A column's id: declared, or its accessor key. */
export function columnId<TData extends RowData>(column: ConsoleColumn<TData>): string {
  if (column.id !== undefined) return column.id;
  if ('accessorKey' in column && typeof column.accessorKey === 'string') return column.accessorKey;
  throw new Error('A console column needs an id or an accessor key.');
}

/** The column's name in words: its label, else its header when that is text, else its id. */
export function columnLabel<TData extends RowData>(column: ConsoleColumn<TData>): string {
  return column.meta?.label ?? (typeof column.header === 'string' ? column.header : columnId(column));
}

/** The server can order the rows by this column (declared with `enableSorting: true`). */
export const isSortable = <TData extends RowData>(column: ConsoleColumn<TData>): boolean =>
  column.enableSorting === true;

/** A column the table shows (any but a CSV-only field). */
export const isShown = <TData extends RowData>(column: ConsoleColumn<TData>): boolean => !column.meta?.exportOnly;

/** False for a column always shown (declared with `enableHiding: false`: the record's id) and for a CSV-only field. */
export const isHideable = <TData extends RowData>(column: ConsoleColumn<TData>): boolean =>
  column.enableHiding !== false && isShown(column);

/** The columns the server can order by. */
export function sortableIds<TData extends RowData>(columns: readonly ConsoleColumn<TData>[]): string[] {
  return columns.filter(isSortable).map(columnId);
}

/**
 * Whether each column is shown: the URL's choice (`cols`, null when none), else each column's
 * default. A column that cannot be hidden always is; a CSV-only field never is.
 */
export function columnVisibility<TData extends RowData>(
  columns: readonly ConsoleColumn<TData>[],
  chosen: readonly string[] | null,
): Record<string, boolean> {
  const named = chosen ? new Set(chosen) : null;
  return Object.fromEntries(
    columns.map((column) => {
      const id = columnId(column);
      return [id, isShown(column) && (!isHideable(column) || (named ? named.has(id) : !column.meta?.defaultHidden))];
    }),
  );
}

/** A field-level column declared in lib (an entity's or a computed list's), whose id is known to the type checker. */
export interface DeclaredColumn<TId extends string> {
  id: TId;
  header: string;
  enableSorting: boolean;
  sortDescFirst: boolean;
  enableHiding: boolean;
  meta: ConsoleColumnMeta;
}

/** The ids of a declaration's columns, as the type checker knows them. */
export type DeclaredIds<TColumns extends readonly DeclaredColumn<string>[]> = TColumns[number]['id'];

/** How a page draws the cells of one declared column. */
export type ConsoleCell<TData extends RowData> = ConsoleColumn<TData>['cell'];

/**
 * A page's columns built from the declaration it was given: the declared columns it draws a cell
 * for, in declared order, each keeping its id, label, sorting and meta, so the page adds only how a
 * cell looks. An id the declaration does not have does not type-check.
 */
export function withCells<TData extends RowData, TId extends string>(
  declared: readonly DeclaredColumn<TId>[],
  cells: { readonly [K in TId]?: ConsoleCell<TData> },
): ConsoleColumn<TData>[] {
  return declared.flatMap((column) => {
    const cell = cells[column.id];
    if (cell === undefined) return [];
    const { id, header, enableSorting, sortDescFirst, enableHiding, meta } = column;
    return [{ id, header, enableSorting, sortDescFirst, enableHiding, meta, cell }];
  });
}

/** The page size without a `size` parameter. */
export const defaultPageSize = <TData extends RowData>(table: TableDeclaration<TData>): PageSize =>
  table.defaultSize ?? DEFAULT_PAGE_SIZE;
