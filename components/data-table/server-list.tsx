'use client';

import type { ColumnDef, ColumnVisibilityState, ReactTable, RowData, RowSelectionState } from '@tanstack/react-table';
import { useRouter } from 'next/navigation';
import type { ActiveFilter } from '@/lib/entities/list-params';
import type { EntityView, SortSpec } from '@/lib/entities/types';
import { DataTable } from './data-table';
import type { ServerTableFeatures } from './features';
import { DataTablePagination } from './pagination';
import { DataTableToolbar } from './toolbar';
import { useListNavigation } from './use-list-navigation';
import { useServerTable } from './use-server-table';

/** One page of a list as the server read it from the URL. */
export interface ServerListRows<TData> {
  rows: TData[];
  total: number;
  page: number;
  size: number;
  /** The order the rows are in (the URL's or the default). */
  sort: SortSpec | null;
  /** Shown instead of rows when there are none (says which filters emptied the list). */
  empty: React.ReactNode;
}

/** The list's view (its filters, search and default order) and what the URL sets of them. */
export interface ServerListSearch {
  view: EntityView;
  q: string;
  /** Current filter values by URL parameter. */
  filters: Readonly<Record<string, string>>;
  active: readonly ActiveFilter[];
}

export type ServerListProps<TData extends RowData> = ServerListRows<TData> &
  Partial<ServerListSearch> & {
    columns: ColumnDef<ServerTableFeatures, TData, unknown>[];
    getRowId: (row: TData) => string;
    /** Where a click on a row goes; none: only the row's own links and buttons act. */
    rowHref?: (row: TData) => string;
    caption: string;
    /** What a row is, in the plural ("agents"), for the paging line. */
    rowLabel: string;
    /** The order that needs no `sort` parameter; the view's when there is a view. */
    defaultSort?: SortSpec | null;
    /** The shown columns as the URL says, and the choice that needs no `cols` parameter (none: all). */
    visibility?: ColumnVisibilityState;
    defaultVisibility?: ColumnVisibilityState;
    /** Controls at the end of the toolbar (column chooser, export, add), given the table. */
    tools?: (table: ReactTable<ServerTableFeatures, TData>) => React.ReactNode;
    /** Shown between the toolbar and the table. */
    notice?: React.ReactNode;
    /** Selected rows by id, for lists a bulk job can act on. */
    rowSelection?: { state: RowSelectionState; onChange: (next: RowSelectionState) => void };
  };

const NO_FILTERS: Readonly<Record<string, string>> = {};
const NONE_ACTIVE: readonly ActiveFilter[] = [];

/**
 * A list whose filters, order and page are the URL's, rendered on the server: the toolbar (when
 * the list has a view), the table and the paging.
 */
export function ServerList<TData extends RowData>(props: ServerListProps<TData>) {
  const { columns, rows, total, page, size, sort, empty, view, q = '', filters = NO_FILTERS, active = NONE_ACTIVE, getRowId, rowHref, caption, rowLabel, visibility, defaultVisibility, tools, notice, rowSelection } = props;
  const defaultSort = props.defaultSort ?? view?.defaultSort ?? null;
  const router = useRouter();
  const navigation = useListNavigation();
  const table = useServerTable({ columns, rows, total, page, size, sort, defaultSort, visibility, defaultVisibility, getRowId, navigation, rowSelection });

  return (
    <div className="space-y-3">
      {view ? (
        <DataTableToolbar filters={view.filters} searchHint={view.searchHint} q={q} values={filters} active={active} onApply={navigation.navigate} onType={navigation.replace}>
          {tools?.(table)}
        </DataTableToolbar>
      ) : null}
      {notice}
      <DataTable
        table={table}
        caption={caption}
        isPending={navigation.isPending}
        stickyFirstColumn
        onRowClick={rowHref ? (row) => router.push(rowHref(row.original)) : undefined}
        onLinkClick={(href) => router.push(href)}
        empty={empty}
      />
      <DataTablePagination table={table} rowLabel={rowLabel} />
    </div>
  );
}
