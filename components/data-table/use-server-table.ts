'use client';

import { functionalUpdate, useTable, type ColumnDef, type ColumnVisibilityState, type RowData, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, formatSortParam, LIST_PARAMS, reachablePageCount } from '@/lib/entities/list-state';
import type { SortSpec } from '@/lib/entities/types';
import { serverTableFeatures, type ServerTableFeatures } from './features';
import type { ListNavigation } from './use-list-navigation';

export interface ServerTableOptions<TData extends RowData> {
  columns: ColumnDef<ServerTableFeatures, TData, unknown>[];
  /** One page of rows, as the service answered them. */
  rows: TData[];
  /** Rows matching the filters, from the service's Content-Range. */
  total: number;
  /** 1-based. */
  page: number;
  size: number;
  /** The size that needs no `size` parameter (a page with one fixed size passes it). */
  defaultSize?: number;
  /** The order the rows are in, and the order that needs no `sort` parameter (none: unsorted). */
  sort?: SortSpec | null;
  defaultSort?: SortSpec | null;
  /** The shown columns as the URL says, and the choice that needs no `cols` parameter (none: all). */
  visibility?: ColumnVisibilityState;
  defaultVisibility?: ColumnVisibilityState;
  getRowId: (row: TData) => string;
  /** Shared with the toolbar, so one pending state covers every change of the list. */
  navigation: ListNavigation;
  /** Off for a table whose server reads one fixed order (a record's history): no header sorts. */
  sortable?: boolean;
  /** Selected rows by id, for tables that act on rows; kept by the caller across refreshes. */
  rowSelection?: { state: RowSelectionState; onChange: (next: RowSelectionState) => void };
}

// Stable defaults: a new object each render would reset the visibility state each render.
const ALL_COLUMNS: ColumnVisibilityState = {};
const NO_SELECTION: RowSelectionState = {};

const sameSort = (a: SortSpec | null, b: SortSpec | null) => a?.field === b?.field && a?.order === b?.order;

/**
 * A TanStack table whose sorting, paging and column visibility are the URL's: the table only
 * reports what the operator asked for, and the new URL brings the server's new page.
 */
export function useServerTable<TData extends RowData>(options: ServerTableOptions<TData>) {
  const { navigate, replaceQuietly } = options.navigation;
  const { page, size, sort = null, defaultSort = null, defaultVisibility = ALL_COLUMNS, defaultSize = DEFAULT_PAGE_SIZE, rowSelection } = options;
  const urlChoice = options.visibility ?? ALL_COLUMNS;
  // Shown at once, written to the URL without a round trip; a new URL (back, a pasted link) wins.
  const [visibility, setVisibility] = useState(urlChoice);
  const [urlVisibility, setUrlVisibility] = useState(urlChoice);
  if (urlChoice !== urlVisibility) {
    setUrlVisibility(urlChoice);
    setVisibility(urlChoice);
  }
  const sorting = useMemo<SortingState>(() => (sort ? [{ id: sort.field, desc: sort.order === 'desc' }] : []), [sort]);
  const pagination = useMemo(() => ({ pageIndex: page - 1, pageSize: size }), [page, size]);

  const table = useTable({
    features: serverTableFeatures,
    columns: options.columns,
    data: options.rows,
    getRowId: options.getRowId,
    manualSorting: true,
    manualPagination: true,
    rowCount: options.total,
    // Past MAX_PAGE a URL cannot name the page: "Last page" stops there.
    pageCount: reachablePageCount(options.total, size),
    enableMultiSort: false,
    enableSorting: options.sortable ?? true,
    enableRowSelection: rowSelection !== undefined,
    // What "Default columns" goes back to.
    initialState: { columnVisibility: defaultVisibility },
    state: { sorting, pagination, columnVisibility: visibility, rowSelection: rowSelection?.state ?? NO_SELECTION },
    onRowSelectionChange: (updater) => rowSelection?.onChange(functionalUpdate(updater, rowSelection.state)),
    onSortingChange: (updater) => {
      const [first] = functionalUpdate(updater, sorting);
      // Removing the sort falls back to the default order, which needs no parameter either.
      const next: SortSpec | null = first ? { field: first.id, order: first.desc ? 'desc' : 'asc' } : null;
      navigate({ [LIST_PARAMS.sort]: next && !sameSort(next, defaultSort) ? formatSortParam(next) : null, [LIST_PARAMS.page]: null });
    },
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      const sizeChanged = next.pageSize !== pagination.pageSize;
      navigate({
        [LIST_PARAMS.size]: next.pageSize === defaultSize ? null : String(next.pageSize),
        // A new page size starts again from the first page.
        [LIST_PARAMS.page]: sizeChanged || next.pageIndex === 0 ? null : String(next.pageIndex + 1),
      });
    },
    onColumnVisibilityChange: (updater) => {
      const next = functionalUpdate(updater, visibility);
      const keys = options.columns.map((column) => column.id).filter((id): id is string => id !== undefined);
      const isDefault = keys.every((key) => (next[key] ?? true) === (defaultVisibility[key] ?? true));
      setVisibility(next);
      replaceQuietly({ [LIST_PARAMS.cols]: isDefault ? null : keys.filter((key) => next[key] !== false).join(',') });
    },
  });

  return table;
}
