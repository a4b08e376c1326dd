'use client';

import type { ColumnDef, RowData, RowSelectionState } from '@tanstack/react-table';
import { DataTable } from './data-table';
import type { ServerTableFeatures } from './features';
import { DataTablePagination } from './pagination';
import { useListNavigation } from './use-list-navigation';
import { useServerTable } from './use-server-table';

interface PagedDataTableProps<TData extends RowData> {
  columns: ColumnDef<ServerTableFeatures, TData, unknown>[];
  rows: TData[];
  getRowId: (row: TData) => string;
  caption: string;
  empty: React.ReactNode;
  testId?: string;
  rowAttributes?: (row: TData) => Readonly<Record<`data-${string}`, string>>;
  /** The page of a longer list the server rendered (one fixed size); none: every row is shown. */
  pagination?: { page: number; size: number; total: number; rowLabel: string };
  /** Hidden columns by id. */
  visibility?: Readonly<Record<string, boolean>>;
  rowSelection?: { state: RowSelectionState; onChange: (next: RowSelectionState) => void };
}

/**
 * The generic data table for a page whose server reads one page of rows in a fixed order (the
 * stuck queue, the audit log, jobs): column definitions, optional row selection, and the one
 * pagination, whose page changes are URL changes (`page`) the server renders.
 */
export function PagedDataTable<TData extends RowData>({ columns, rows, getRowId, caption, empty, testId, rowAttributes, pagination, visibility, rowSelection }: PagedDataTableProps<TData>) {
  const navigation = useListNavigation();
  const size = pagination?.size ?? Math.max(1, rows.length);
  const table = useServerTable({
    columns,
    rows,
    getRowId,
    total: pagination?.total ?? rows.length,
    page: pagination?.page ?? 1,
    size,
    defaultSize: size,
    visibility,
    navigation,
    rowSelection,
  });
  return (
    <div className="space-y-3">
      <DataTable table={table} caption={caption} empty={empty} testId={testId} rowAttributes={rowAttributes} isPending={navigation.isPending} />
      {pagination ? <DataTablePagination table={table} rowLabel={pagination.rowLabel} pageSizes={[pagination.size]} /> : null}
    </div>
  );
}
