import type { RowData } from '@tanstack/table-core';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ColumnChooser } from './columns/column-chooser';
import { ListScope } from './list-scope';
import { columnId, columnLabel, isHideable, isShown } from '@/lib/tables/columns';
import { ListTable, type ListTableProps, type SortHeader } from './list-table';
import { Pagination, type PaginationProps } from './pagination';
import { PageCheckbox, RowCheckbox, SelectionScope } from './row-selection';
import { SortButton } from './sort-button';

export type PagedTableProps<TData extends RowData> = Omit<ListTableProps<TData>, 'renderSortHeader' | 'selection'> & {
  /** The page of a longer list the server read; none: every row is shown. */
  pagination?: PaginationProps;
  /** Offers the column chooser; "Default columns" goes back to `defaultVisibility` (none: every column). */
  chooseColumns?: boolean;
  defaultVisibility?: Readonly<Record<string, boolean>>;
  /** A CSV of every matching row (the page's filters and order), offered as a download. */
  exportHref?: string;
  /**
   * The bar as a list's filters with the bar's controls at its end (filtered-list.tsx); none: a
   * plain bar. A function, so that tables without filters ship no filter code.
   */
  toolbar?: (controls: React.ReactNode) => React.ReactNode;
  /** Controls at the start of the bar above the table (bulk actions). */
  tools?: React.ReactNode;
  /** Controls at the end of the bar, after the column chooser (an export with progress). */
  actions?: React.ReactNode;
  /** Shown between the bar and the table. */
  notice?: React.ReactNode;
  /** Rows can be selected, for a bulk job; the selection is kept while this key (the view's filter) stays. */
  selectionKey?: string;
};

const ALL_SHOWN: Readonly<Record<string, boolean>> = {};

const SELECTION = {
  page: () => <PageCheckbox />,
  row: (id: string) => <RowCheckbox id={id} />,
};

/**
 * A table of one page of rows the server read, with what the URL drives around it: filters,
 * column choice, export, row selection and paging. Rendered where its page renders; only the
 * controls are client code.
 */
export function PagedTable<TData extends RowData>({
  pagination,
  chooseColumns = false,
  defaultVisibility = ALL_SHOWN,
  exportHref,
  toolbar,
  tools,
  actions,
  notice,
  selectionKey,
  ...table
}: PagedTableProps<TData>) {
  const { sort } = table;
  // A sortable column's header cycles the URL's order.
  const sortHeader = sort
    ? ({ field, descFirst, children }: SortHeader) => (
        <SortButton field={field} descFirst={descFirst} current={sort.current} defaultSort={sort.default}>
          {children}
        </SortButton>
      )
    : undefined;
  const chooser = chooseColumns ? (
    <ColumnChooser
      columns={table.columns
        .filter(isShown)
        .map((column) => ({ id: columnId(column), label: columnLabel(column), hideable: isHideable(column) }))}
      visibility={table.visibility ?? ALL_SHOWN}
      defaultVisibility={defaultVisibility}
    />
  ) : null;
  const exportLink = exportHref ? (
    <Button asChild variant="outline" size="sm">
      <a href={exportHref} download data-testid="table-export">
        <Download aria-hidden /> Export CSV
      </a>
    </Button>
  ) : null;
  const end =
    chooser || exportLink || actions ? (
      <>
        {chooser}
        {exportLink}
        {actions}
      </>
    ) : null;
  const list = (
    <ListScope>
      {toolbar ? (
        toolbar(
          <>
            {tools}
            {end}
          </>,
        )
      ) : tools || end ? (
        <div className="flex flex-wrap items-center gap-2">
          {tools}
          <div className="ml-auto flex items-center gap-2">{end}</div>
        </div>
      ) : null}
      {notice}
      <ListTable
        {...table}
        renderSortHeader={sortHeader}
        selection={selectionKey === undefined ? undefined : SELECTION}
      />
      {pagination ? <Pagination {...pagination} /> : null}
    </ListScope>
  );
  return selectionKey === undefined ? (
    list
  ) : (
    <SelectionScope viewKey={selectionKey} rowIds={table.rows.map(table.getRowId)}>
      {list}
    </SelectionScope>
  );
}
