import { Table, TableBody, TableCaption, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ariaSort } from '@/lib/entities/list-state';
import type { SortSpec } from '@/lib/entities/types';
import { classNameProp, cn } from '@/lib/utils';
import { EmptyRow } from './empty-row';

/** One column of a table: its header, how a row's cell shows, and what the operator may do with it. */
export interface ListColumn<TData> {
  id: string;
  header: React.ReactNode;
  /** The column's name in words, for the column chooser (default: the header, when it is text). */
  label?: string;
  cell: (row: TData) => React.ReactNode;
  /** The server can order by it: the header cycles the URL's `sort` (needs the table's `sort`). */
  sortable?: boolean;
  /** Newest or largest first on the first click. */
  sortDescFirst?: boolean;
  /** False for a column the column chooser may not hide (the record's id). */
  hideable?: boolean;
  /** Classes of the column's body cells (widths, monospace ids), added to the table's own. */
  cellClassName?: string;
  /** The body cells' max width class, instead of the table's `max-w-96`. */
  cellMaxWidth?: string;
}

/** The column's name for the column chooser. */
export const columnLabel = <TData,>(column: ListColumn<TData>): string => column.label ?? (typeof column.header === 'string' ? column.header : column.id);

/**
 * The first column stays in view when a table is scrolled sideways (on a narrow screen). Set once
 * on the table rather than on each of a page's hundreds of cells.
 */
const STICKY_FIRST = '[&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:z-[1] [&_tr>:first-child]:bg-background';

export interface ListTableProps<TData> {
  columns: readonly ListColumn<TData>[];
  rows: readonly TData[];
  getRowId: (row: TData) => string;
  /** Names the table for assistive technology. */
  caption: string;
  /** Shown in place of the rows when there are none. */
  empty: React.ReactNode;
  /** The table's `data-testid`. */
  testId?: string;
  /** `data-*` attributes of a row (its id for tests and scripts), besides `data-row-id`. */
  rowAttributes?: (row: TData) => Readonly<Record<`data-${string}`, string>>;
  /** Where a click on a row goes (ListScope follows it); none: only the row's own links and buttons act. */
  rowHref?: (row: TData) => string;
  /** The order the rows are in, for `aria-sort`, and the order that needs no `sort` parameter. */
  sort?: { current: SortSpec | null; default: SortSpec | null };
  /** A header's content (PagedTable's sort buttons); none: the column's header. */
  renderHeader?: (column: ListColumn<TData>) => React.ReactNode;
  /** Hidden columns are false (the URL's `cols`). */
  visibility?: Readonly<Record<string, boolean>>;
  /** A checkbox for the page and one per row (PagedTable's, inside a SelectionScope). */
  selection?: { page: (ids: readonly string[]) => React.ReactNode; row: (id: string) => React.ReactNode };
  /** Keeps the first column in view when the table scrolls sideways (lists on the page's background). */
  stickyFirstColumn?: boolean;
}

/**
 * The one table of the console, rendered where its page renders (on the server for every list):
 * no table code goes to the browser, and this markup imports no client code, so a read-only table
 * (a record's history) ships none. What PagedTable adds for the operator (sorting, selection,
 * opening a row, paging) are small client parts inside a ListScope.
 */
export function ListTable<TData>({ columns, rows, getRowId, caption, empty, testId, rowAttributes, rowHref, sort, renderHeader, visibility, selection, stickyFirstColumn = false }: ListTableProps<TData>) {
  const shown = columns.filter((column) => visibility?.[column.id] !== false);
  const ids = rows.map(getRowId);
  return (
    <div className="rounded-md border transition-opacity group-data-[pending]/list:opacity-60">
      <Table data-testid={testId} className={cn('list-rows', stickyFirstColumn && STICKY_FIRST)}>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            {selection ? (
              <TableHead scope="col" className="w-8">
                {selection.page(ids)}
              </TableHead>
            ) : null}
            {shown.map((column) => (
              <TableHead key={column.id} scope="col" aria-sort={sort ? ariaSort(column.id, sort.current) : undefined}>
                {renderHeader ? renderHeader(column) : column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <EmptyRow columnCount={shown.length + (selection ? 1 : 0)}>{empty}</EmptyRow>
          ) : (
            rows.map((row, index) => {
              const id = ids[index]!;
              // Plain rows and cells: the table's `list-rows` styles them (app/globals.css).
              return (
                <tr key={id} data-row-id={id} {...(rowHref ? { 'data-href': rowHref(row) } : {})} {...rowAttributes?.(row)}>
                  {selection ? <td className="w-8">{selection.row(id)}</td> : null}
                  {shown.map((column) => (
                    <td key={column.id} {...classNameProp(cn(column.cellMaxWidth, column.cellClassName))}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </TableBody>
      </Table>
    </div>
  );
}
