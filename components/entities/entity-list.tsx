'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { DataTablePagination } from '@/components/data-table/pagination';
import { DataTableToolbar } from '@/components/data-table/toolbar';
import { useListNavigation } from '@/components/data-table/use-list-navigation';
import { useServerTable } from '@/components/data-table/use-server-table';
import { DataTableViewOptions } from '@/components/data-table/view-options';
import { detailHref } from '@/lib/entities/hrefs';
import type { ActiveFilter } from '@/lib/entities/list-params';
import { columnsFromParam, columnVisibility, LIST_PARAMS, splitColumnKeys } from '@/lib/entities/list-state';
import type { ColumnKind, EntityView, SortSpec } from '@/lib/entities/types';
import { TIME_ENCODINGS } from '@/lib/time';
import type { RaRecord } from '@/lib/upstream/contract';
import { CellValue } from './cell-value';

const helper = createColumnHelper<ServerTableFeatures, RaRecord>();

/** Newest and largest first is what an operator wants on the first click. */
const DESCENDING_FIRST: readonly ColumnKind[] = [...TIME_ENCODINGS, 'number', 'duration'];

export interface EntityListProps {
  view: EntityView;
  rows: RaRecord[];
  total: number;
  page: number;
  size: number;
  /** The order the rows are in (the URL's or the default). */
  sort: SortSpec | null;
  q: string;
  filters: Readonly<Record<string, string>>;
  active: ActiveFilter[];
  /** Shown instead of rows when there are none (says which filters emptied the list). */
  empty: React.ReactNode;
  /** Controls beside the column chooser (the export button). */
  children?: React.ReactNode;
}

/** One entity's list: filters, the table and paging, all driven by the URL. */
export function EntityList({ view, rows, total, page, size, sort, q, filters, active, empty, children }: EntityListProps) {
  const router = useRouter();
  const navigation = useListNavigation();

  const columns = useMemo(
    () =>
      view.columns.map((spec) =>
        helper.accessor((row) => row[spec.key], {
          id: spec.key,
          header: spec.label,
          cell: (context) => <CellValue column={spec} value={context.getValue()} mode="table" selfEntity={spec.key === 'id' ? view.name : undefined} plainLinks />,
          enableSorting: spec.sortable,
          sortDescFirst: DESCENDING_FIRST.includes(spec.kind),
          enableHiding: spec.key !== 'id',
          meta: { label: spec.label },
        }),
      ),
    [view],
  );

  // The shown columns follow the URL, which the column chooser changes without a server round trip.
  const colsParam = navigation.searchParams.get(LIST_PARAMS.cols);
  const visibility = useMemo(() => {
    const cols = colsParam === null ? null : view.known ? columnsFromParam(view, colsParam) : splitColumnKeys(colsParam);
    return columnVisibility(view, cols && cols.length > 0 ? cols : null);
  }, [view, colsParam]);
  const defaultVisibility = useMemo(() => columnVisibility(view, null), [view]);

  const table = useServerTable({
    columns,
    rows,
    total,
    page,
    size,
    sort,
    defaultSort: view.defaultSort,
    visibility,
    defaultVisibility,
    getRowId: (row) => row.id,
    navigation,
  });

  return (
    <div className="space-y-3">
      <DataTableToolbar filters={view.filters} searchHint={view.searchHint} q={q} values={filters} active={active} onApply={navigation.navigate}>
        <DataTableViewOptions table={table} />
        {children}
      </DataTableToolbar>
      <DataTable
        table={table}
        caption={view.label}
        isPending={navigation.isPending}
        onRowClick={(row) => router.push(detailHref(view.name, row.original.id))}
        onLinkClick={(href) => router.push(href)}
        empty={empty}
      />
      <DataTablePagination table={table} rowLabel={view.label.toLowerCase()} />
    </div>
  );
}
