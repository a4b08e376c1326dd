'use client';

import type { ColumnDef, ColumnVisibilityState, ReactTable, RowData } from '@tanstack/react-table';
import { useRouter } from 'next/navigation';
import type { ActiveFilter } from '@/lib/entities/list-params';
import type { FilterSpec, SortSpec } from '@/lib/entities/types';
import { DataTable } from './data-table';
import type { ServerTableFeatures } from './features';
import { DataTablePagination } from './pagination';
import { DataTableToolbar } from './toolbar';
import { useListNavigation } from './use-list-navigation';
import { useServerTable } from './use-server-table';

export interface ServerListToolbar {
  filters: readonly FilterSpec[];
  /** What free text searches; null hides the search box. */
  searchHint: string | null;
  q: string;
  /** Current filter values by URL parameter. */
  values: Readonly<Record<string, string>>;
  active: readonly ActiveFilter[];
}

export interface ServerListProps<TData extends RowData> {
  columns: ColumnDef<ServerTableFeatures, TData, unknown>[];
  /** One page of rows, as the server read them. */
  rows: TData[];
  total: number;
  page: number;
  size: number;
  /** The order the rows are in, and the order that needs no `sort` parameter. */
  sort: SortSpec | null;
  defaultSort: SortSpec | null;
  getRowId: (row: TData) => string;
  /** Where a click on a row goes; none: only the row's own links and buttons act. */
  rowHref?: (row: TData) => string;
  caption: string;
  /** What a row is, in the plural ("agents"), for the paging line. */
  rowLabel: string;
  /** Shown instead of rows when there are none. */
  empty: React.ReactNode;
  /** The filters and search above the table; none: the table and its paging only. */
  toolbar?: ServerListToolbar;
  /** The shown columns as the URL says, and the choice that needs no `cols` parameter (none: all). */
  visibility?: ColumnVisibilityState;
  defaultVisibility?: ColumnVisibilityState;
  /** Controls at the end of the toolbar (column chooser, export, add), given the table. */
  tools?: (table: ReactTable<ServerTableFeatures, TData>) => React.ReactNode;
  /** Shown between the toolbar and the table. */
  notice?: React.ReactNode;
}

/** A list whose filters, order and page are the URL's, rendered on the server: toolbar, table and paging. */
export function ServerList<TData extends RowData>({ columns, rows, total, page, size, sort, defaultSort, getRowId, rowHref, caption, rowLabel, empty, toolbar, visibility, defaultVisibility, tools, notice }: ServerListProps<TData>) {
  const router = useRouter();
  const navigation = useListNavigation();
  const table = useServerTable({ columns, rows, total, page, size, sort, defaultSort, visibility, defaultVisibility, getRowId, navigation });

  return (
    <div className="space-y-3">
      {toolbar ? (
        <DataTableToolbar filters={toolbar.filters} searchHint={toolbar.searchHint} q={toolbar.q} values={toolbar.values} active={toolbar.active} onApply={navigation.navigate}>
          {tools?.(table)}
        </DataTableToolbar>
      ) : null}
      {notice}
      <DataTable
        table={table}
        caption={caption}
        isPending={navigation.isPending}
        onRowClick={rowHref ? (row) => router.push(rowHref(row.original)) : undefined}
        onLinkClick={(href) => router.push(href)}
        empty={empty}
      />
      <DataTablePagination table={table} rowLabel={rowLabel} />
    </div>
  );
}
