import { CellValue } from '@/components/entities/cell-value';
import type { ListColumn } from './list-table';

/**
 * A column of UTC times: sortable newest first on the first click (what an operator wants),
 * or not sortable where the service cannot order by it.
 */
export function timeColumn<TData>(id: string, header: string, value: (row: TData) => unknown, { sortable = true } = {}): ListColumn<TData> {
  return { id, header, sortable, sortDescFirst: sortable, cell: (row) => <CellValue column={{ kind: 'iso-datetime' }} value={value(row)} mode="table" /> };
}
