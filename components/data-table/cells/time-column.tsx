import { CellValue } from '@/components/entities/cell-value';
import type { ConsoleCell, ConsoleColumn } from '@/lib/tables/columns';

/** A cell showing a UTC time read from the row. */
export function timeCell<TData extends object>(value: (row: TData) => unknown): ConsoleCell<TData> {
  return function TimeCell({ row }) {
    return <CellValue column={{ kind: 'iso-datetime' }} value={value(row.original)} mode="table" />;
  };
}

/**
 * A column of UTC times: sortable newest first on the first click (what an operator wants),
 * or not sortable where the service cannot order by it.
 */
export function timeColumn<TData extends object>(
  id: string,
  header: string,
  value: (row: TData) => unknown,
  { sortable = true } = {},
): ConsoleColumn<TData> {
  return {
    id,
    header,
    enableSorting: sortable,
    sortDescFirst: sortable,
    cell: timeCell(value),
    meta: { kind: 'iso-datetime' },
  };
}
