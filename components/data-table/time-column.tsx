'use client';

import { createColumnHelper, type RowData } from '@tanstack/react-table';
import { CellValue } from '@/components/entities/cell-value';
import type { ServerTableFeatures } from './features';

/**
 * A column of UTC times: sortable newest first on the first click (what an operator wants),
 * or not sortable where the service cannot order by it.
 */
export function timeColumn<TData extends RowData>(id: string, header: string, value: (row: TData) => unknown, { sortable = true } = {}) {
  return createColumnHelper<ServerTableFeatures, TData>().accessor(value, {
    id,
    header,
    enableSorting: sortable,
    ...(sortable ? { sortDescFirst: true } : {}),
    meta: { label: header },
    cell: (context) => <CellValue column={{ kind: 'iso-datetime' }} value={context.getValue()} mode="table" />,
  });
}
