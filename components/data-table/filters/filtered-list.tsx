import type { ActiveFilter } from '@/lib/entities/list-params';
import { filteredListHref } from '@/lib/entities/hrefs';
import { PAGE_SIZES } from '@/lib/entities/list-state';
import type { EntityView, SortSpec } from '@/lib/entities/types';
import { FilterBar } from './filter-bar';

/** A list's filters and search as the URL sets them, shown above the table. */
export interface ListSearch {
  view: EntityView;
  q: string;
  /** Current filter values by URL parameter. */
  filters: Readonly<Record<string, string>>;
  active: readonly ActiveFilter[];
  /** The list's order, size and columns as the URL sets them, which the filters keep. */
  keep: Readonly<Record<string, string>>;
}

/** One page of a URL-driven list as the server read it, with its filters (entity lists, agents, domains). */
export interface ListPage<TData> extends ListSearch {
  rows: TData[];
  total: number;
  page: number;
  size: number;
  /** The order the rows are in (the URL's or the view's default). */
  sort: SortSpec | null;
  /** Shown instead of rows when there are none (says which filters emptied the list). */
  empty: React.ReactNode;
}

/** The PagedTable props of a ListPage: its filters above, its order in the headers, any size of PAGE_SIZES. */
export function listPageTable<TData>(
  { view, q, filters, active, keep, rows, total, page, size, sort, empty }: ListPage<TData>,
  rowLabel: string,
) {
  return {
    toolbar: listToolbar({ view, q, filters, active, keep }),
    rows,
    empty,
    stickyFirstColumn: true,
    sort: { current: sort, default: view.defaultSort },
    pagination: { page, size, total, rowLabel, sizes: PAGE_SIZES },
  };
}

/** A PagedTable's bar as the list's declared filters and search (the one filter bar), its controls at the end. */
function listToolbar({ view, q, filters, active, keep }: ListSearch) {
  const withFilters = (controls: React.ReactNode) => (
    <FilterBar
      action={filteredListHref(view.name, {})}
      label="Filters"
      filters={view.filters}
      searchHint={view.searchHint}
      values={{ ...filters, q }}
      keep={keep}
      active={active}
    >
      {controls}
    </FilterBar>
  );
  return withFilters;
}
