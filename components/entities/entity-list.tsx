import { listPageTable } from '@/components/data-table/filters/filtered-list';
import { PagedTable } from '@/components/data-table/paged-table';
import { BulkJobToolbar, type BulkJobOffer } from '@/components/jobs/bulk-toolbar';
import type { ActiveFilter } from '@/lib/entities/list-params';
import { detailHref } from '@/lib/entities/hrefs';
import { DEFAULT_PAGE_SIZE, keptListParams, listQueryString, type ListState } from '@/lib/entities/list-state';
import type { EntityView, NameRecord } from '@/lib/entities/types';
import { columnVisibility } from '@/lib/tables/columns';
import type { RaRecord } from '@/lib/upstream/contract';
import { EntityCell } from './entity-cell';

export interface EntityListProps {
  view: EntityView;
  /** The list's page, order, filters and columns, as the URL says. */
  state: ListState;
  active: readonly ActiveFilter[];
  rows: RaRecord[];
  total: number;
  /** Shown instead of rows when there are none (says which filters emptied the list). */
  empty: React.ReactNode;
  /** Controls beside the column chooser (the export button). */
  children?: React.ReactNode;
  /** A bulk job the rows can be selected for (users: mark verified). */
  bulk?: BulkJobOffer;
  /** Names of the records the rows link to, by detail href. */
  names?: NameRecord;
}

/** One entity's list: filters, the table and paging, all driven by the URL and rendered on the server. */
export function EntityList({ view, state, active, rows, total, empty, children, bulk, names }: EntityListProps) {
  const selectable = bulk?.permission.allowed ?? false;
  // A new filter or search starts a new selection; another page, order or column choice keeps it.
  const viewKey = listQueryString(view, { ...state, page: 1, size: DEFAULT_PAGE_SIZE, sort: null, cols: null });
  return (
    <PagedTable
      {...listPageTable(
        {
          view,
          q: state.q,
          filters: state.filters,
          active,
          keep: keptListParams(view, state),
          rows,
          total,
          page: state.page,
          size: state.size,
          sort: state.sort ?? view.defaultSort,
          empty,
        },
        view.label.toLowerCase(),
      )}
      columns={view.columns}
      defaultCell={EntityCell}
      meta={{ entity: view.name, titles: new Map(Object.entries(names ?? {})) }}
      getRowId={(row) => row.id}
      rowHref={(row) => detailHref(view.name, row.id)}
      caption={view.label}
      visibility={columnVisibility(view.columns, state.cols)}
      defaultVisibility={columnVisibility(view.columns, null)}
      chooseColumns
      actions={children}
      notice={bulk ? <BulkJobToolbar offer={bulk} pageIds={rows.map((row) => row.id)} total={total} /> : undefined}
      selectionKey={selectable ? viewKey : undefined}
    />
  );
}
