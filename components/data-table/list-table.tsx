import { constructTable, tableFeatures, type RowData } from '@tanstack/table-core';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import { flexRender } from '@tanstack/react-table/flex-render';
import { Table, TableBody, TableCaption, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ariaSort } from '@/lib/entities/list-state';
import type { SortSpec } from '@/lib/entities/types';
import {
  columnId,
  consoleTableFeatures,
  isShown,
  type ConsoleCellContext,
  type ConsoleColumn,
  type ConsoleTableMeta,
} from '@/lib/tables/columns';
import { classNameProp, cn } from '@/lib/utils';
import { ClickableRowsBody } from './clickable-rows-body';
import { EmptyRow } from './empty-row';

/**
 * The console's features with the store TanStack's core needs to run outside a framework adapter:
 * the table is built where its page renders, on the server, and no table code goes to the browser.
 */
const serverFeatures = tableFeatures({ ...consoleTableFeatures, coreReactivityFeature: storeReactivityBindings() });

/**
 * A cell's content: its renderer called with the cell's context, as a function rather than
 * mounted as a component (flexRender). A list's hundreds of cells render on the server, where a
 * renderer holds no state and a mounted component costs React a component of its own per cell.
 * A client component (a reference to it, on the server) is mounted, as flexRender would.
 */
function renderCell<TData extends RowData>(
  cell: ConsoleColumn<TData>['cell'],
  context: ConsoleCellContext<TData>,
): React.ReactNode {
  if (typeof cell === 'function' && !isClientReference(cell)) return cell(context);
  return flexRender(cell, context);
}

function isClientReference(component: unknown): boolean {
  return (component as { $$typeof?: symbol }).$$typeof === Symbol.for('react.client.reference');
}

/** A sortable header as the table renders it (PagedTable's sort button): the column's id, first order and header. */
export interface SortHeader {
  field: string;
  descFirst: boolean;
  children: React.ReactNode;
}

/**
 * The first column stays in view when a table is scrolled sideways (on a narrow screen). Set once
 * on the table rather than on each of a page's hundreds of cells.
 */
const STICKY_FIRST =
  '[&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:z-[1] [&_tr>:first-child]:bg-background';

export interface ListTableProps<TData extends RowData> {
  /** The table's declaration (lib/tables/columns.ts): headers, cells, sortable and hideable columns. */
  columns: readonly ConsoleColumn<TData>[];
  rows: readonly TData[];
  /** A row's id (`data-row-id`, its selection); by position where the rows have none. */
  getRowId: (row: TData, index: number) => string;
  /** Names the table for assistive technology. */
  caption: string;
  /** Shown in place of the rows when there are none. */
  empty: React.ReactNode;
  /** The table's `data-testid`. */
  testId?: string;
  /** `data-*` attributes of a row (its id for tests and scripts), besides `data-row-id`. */
  rowAttributes?: (row: TData) => Readonly<Record<`data-${string}`, string>>;
  /** Where a click on a row outside its links and buttons goes (ClickableRow); none: only the row's own links and buttons act. */
  rowHref?: (row: TData) => string;
  /** The order the rows are in, for `aria-sort`, and the order that needs no `sort` parameter. */
  sort?: { current: SortSpec | null; default: SortSpec | null };
  /** A sortable column's header (PagedTable's sort buttons); none: the column's header. */
  renderSortHeader?: (header: SortHeader) => React.ReactNode;
  /** Hidden columns are false (the URL's `cols`). */
  visibility?: Readonly<Record<string, boolean>>;
  /** A checkbox for the page and one per row (PagedTable's, inside a SelectionScope). */
  selection?: { page: () => React.ReactNode; row: (id: string) => React.ReactNode };
  /** Keeps the first column in view when the table scrolls sideways (lists on the page's background). */
  stickyFirstColumn?: boolean;
  /** What the cells read from the page (names of linked records). */
  meta?: ConsoleTableMeta;
  /** The cell of the columns that declare none (entity columns render by their kind). */
  defaultCell?: ConsoleColumn<TData>['cell'];
}

/**
 * The one table of the console: a TanStack table built from the declaration where its page
 * renders (on the server for every list), so no table code goes to the browser, and this markup
 * imports no client code: a read-only table (a record's history) ships none. What PagedTable adds
 * for the operator (sorting, selection, paging) are small client parts inside a ListScope.
 */
export function ListTable<TData extends RowData>({
  columns,
  rows,
  getRowId,
  caption,
  empty,
  testId,
  rowAttributes,
  rowHref,
  sort,
  renderSortHeader,
  visibility,
  selection,
  stickyFirstColumn = false,
  meta,
  defaultCell,
}: ListTableProps<TData>) {
  const table = constructTable({
    features: serverFeatures,
    columns: [...columns],
    data: [...rows],
    getRowId: (row, index) => getRowId(row, index),
    // The server read the rows in the URL's order: TanStack only reports it.
    manualSorting: true,
    defaultColumn: { enableSorting: false, ...(defaultCell ? { cell: defaultCell } : {}) },
    state: {
      // CSV-only fields are never shown, whatever the page's choice.
      columnVisibility: {
        ...visibility,
        ...Object.fromEntries(columns.filter((column) => !isShown(column)).map((column) => [columnId(column), false])),
      },
      sorting: sort?.current ? [{ id: sort.current.field, desc: sort.current.order === 'desc' }] : [],
    },
    meta: meta ?? {},
  });
  const headers = table.getHeaderGroups().at(-1)?.headers ?? [];
  const tableRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const bodyRows =
    tableRows.length === 0 ? (
      <EmptyRow columnCount={headers.length + (selection ? 1 : 0)}>{empty}</EmptyRow>
    ) : (
      tableRows.map((row) => (
        // Plain rows and cells: the table's `list-rows` styles them (app/globals.css).
        <tr
          key={row.id}
          data-row-id={row.id}
          {...rowAttributes?.(row.original)}
          data-clickable={rowHref ? '' : undefined}
        >
          {selection ? <td className="w-8">{selection.row(row.id)}</td> : null}
          {visibleColumns.map((column) => {
            const cellMeta = column.columnDef.meta;
            // The context TanStack's cell.getContext() returns, built here from the row and the
            // column: TanStack's cells memoise their values and contexts against the table's
            // store, which a server render that reads each cell once pays for in full. The cell
            // itself is made only for a renderer that asks for it.
            const context: ConsoleCellContext<TData> = {
              table,
              column,
              row,
              get cell() {
                return row.getAllCellsByColumnId()[column.id]!;
              },
              getValue: () => row.getValue(column.id),
              renderValue: () => row.renderValue(column.id),
            };
            return (
              <td key={column.id} {...classNameProp(cn(cellMeta?.cellMaxWidth, cellMeta?.cellClassName))}>
                {renderCell(column.columnDef.cell, context)}
              </td>
            );
          })}
        </tr>
      ))
    );
  return (
    <div className="rounded-md border transition-opacity group-data-[pending]/list:opacity-60">
      <Table data-testid={testId} className={cn('list-rows', stickyFirstColumn && STICKY_FIRST)}>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            {selection ? (
              <TableHead scope="col" className="w-8">
                {selection.page()}
              </TableHead>
            ) : null}
            {headers.map((header) => {
              const content = flexRender(header.column.columnDef.header, header.getContext());
              // Declared sortable (the server orders by it): TanStack's getCanSort also asks for an accessor, which a display column has not.
              const sortable = sort && renderSortHeader && header.column.columnDef.enableSorting === true;
              return (
                <TableHead
                  key={header.id}
                  scope="col"
                  aria-sort={sort ? ariaSort(header.column.id, sort.current) : undefined}
                >
                  {sortable
                    ? renderSortHeader({
                        field: header.column.id,
                        descFirst: header.column.columnDef.sortDescFirst ?? false,
                        children: content,
                      })
                    : content}
                </TableHead>
              );
            })}
          </TableRow>
        </TableHeader>
        {rowHref && tableRows.length > 0 ? (
          <ClickableRowsBody hrefs={tableRows.map((row) => rowHref(row.original))}>{bodyRows}</ClickableRowsBody>
        ) : (
          <TableBody>{bodyRows}</TableBody>
        )}
      </Table>
    </div>
  );
}
