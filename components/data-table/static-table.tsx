import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { EmptyRow } from './empty-row';

/** One column of a read-only table: how its header reads and how a row's cell shows. */
export interface StaticColumn<TData> {
  id: string;
  header: React.ReactNode;
  cellClassName?: string;
  /** The body cells' max width class (default `max-w-96`, as DataTable's). */
  cellMaxWidth?: string;
  cell: (row: TData) => React.ReactNode;
}

interface StaticTableProps<TData> {
  columns: readonly StaticColumn<TData>[];
  rows: readonly TData[];
  getRowId: (row: TData) => string;
  /** Names the table for assistive technology. */
  caption: string;
  /** Shown in place of the rows when there are none. */
  empty: React.ReactNode;
  /** The table's `data-testid`. */
  testId?: string;
  /** `data-*` attributes of a row, besides `data-row-id`. */
  rowAttributes?: (row: TData) => Readonly<Record<`data-${string}`, string>>;
}

/**
 * A table nothing on the page sorts, selects or opens, rendered on the server with the same
 * markup as DataTable (data-table.tsx): it ships no table code to the browser.
 */
export function StaticTable<TData>({ columns, rows, getRowId, caption, empty, testId, rowAttributes }: StaticTableProps<TData>) {
  return (
    <div className="rounded-md border transition-opacity" aria-busy={false}>
      <Table data-testid={testId}>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.id} scope="col">
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <EmptyRow columnCount={columns.length}>{empty}</EmptyRow>
          ) : (
            rows.map((row) => {
              const id = getRowId(row);
              return (
                <TableRow key={id} data-row-id={id} {...rowAttributes?.(row)}>
                  {columns.map((column) => (
                    <TableCell key={column.id} valign="top" className={cn('[overflow-wrap:break-word]', column.cellMaxWidth ?? 'max-w-96', column.cellClassName)}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </div>
  );
}
