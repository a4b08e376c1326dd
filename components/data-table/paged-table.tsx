'use client';

import type { ColumnDef, ColumnVisibilityState, RowData, RowSelectionState } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { SortSpec } from '@/lib/entities/types';
import { DataTable } from './data-table';
import type { ServerTableFeatures } from './features';
import { DataTablePagination } from './pagination';
import { useListNavigation } from './use-list-navigation';
import { useServerTable } from './use-server-table';
import { DataTableViewOptions } from './view-options';

interface PagedDataTableProps<TData extends RowData> {
  columns: ColumnDef<ServerTableFeatures, TData, unknown>[];
  rows: TData[];
  getRowId: (row: TData) => string;
  caption: string;
  empty: React.ReactNode;
  testId?: string;
  rowAttributes?: (row: TData) => Readonly<Record<`data-${string}`, string>>;
  /**
   * The page of a longer list the server rendered; none: every row is shown. With `sizes`, the
   * operator picks the size (`size` in the URL; `defaultSize` needs no parameter).
   */
  pagination?: { page: number; size: number; total: number; rowLabel: string; sizes?: readonly number[]; defaultSize?: number };
  /** The server's order (`sort` in the URL) for columns that can sort (accessor columns). */
  sort?: { current: SortSpec; default: SortSpec };
  /** Hidden columns by id (the URL's `cols` where the operator may choose). */
  visibility?: Readonly<Record<string, boolean>>;
  /** Offers the column chooser; "Default columns" shows every column. */
  chooseColumns?: boolean;
  /** A CSV of every matching row (the page's filters and order), offered as a download. */
  exportHref?: string;
  /** More controls at the start of the bar above the table (bulk actions). */
  tools?: React.ReactNode;
  rowSelection?: { state: RowSelectionState; onChange: (next: RowSelectionState) => void };
}

const ALL_SHOWN: ColumnVisibilityState = {};

/**
 * The generic data table for a page whose server reads one page of rows (the stuck queue, the
 * audit log, jobs): column definitions, optional row selection, and the one pagination, whose
 * page, size and order changes are URL changes the server renders; the column choice is written
 * to the URL without a round trip.
 */
export function PagedDataTable<TData extends RowData>(props: PagedDataTableProps<TData>) {
  const { columns, rows, getRowId, caption, empty, testId, rowAttributes, pagination, sort, visibility, chooseColumns = false, exportHref, tools, rowSelection } = props;
  const navigation = useListNavigation();
  const size = pagination?.size ?? Math.max(1, rows.length);
  const table = useServerTable({
    columns,
    rows,
    getRowId,
    total: pagination?.total ?? rows.length,
    page: pagination?.page ?? 1,
    size,
    defaultSize: pagination?.defaultSize ?? size,
    sortable: sort !== undefined,
    sort: sort?.current,
    defaultSort: sort?.default,
    visibility: visibility as ColumnVisibilityState | undefined,
    defaultVisibility: chooseColumns ? ALL_SHOWN : undefined,
    navigation,
    rowSelection,
  });
  const bar = tools || chooseColumns || exportHref;
  return (
    <div className="space-y-3">
      {bar ? (
        <div className="flex flex-wrap items-center gap-2">
          {tools}
          <div className="ml-auto flex items-center gap-2">
            {chooseColumns ? <DataTableViewOptions table={table} /> : null}
            {exportHref ? (
              <Button asChild variant="outline" size="sm">
                <a href={exportHref} download data-testid="table-export">
                  <Download aria-hidden /> Export CSV
                </a>
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      <DataTable table={table} caption={caption} empty={empty} testId={testId} rowAttributes={rowAttributes} isPending={navigation.isPending} />
      {pagination ? <DataTablePagination table={table} rowLabel={pagination.rowLabel} pageSizes={pagination.sizes ?? [pagination.size]} /> : null}
    </div>
  );
}
