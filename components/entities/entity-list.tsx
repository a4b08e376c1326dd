'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { ServerList } from '@/components/data-table/server-list';
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
  const searchParams = useSearchParams();

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
  const colsParam = searchParams.get(LIST_PARAMS.cols);
  const visibility = useMemo(() => {
    const cols = colsParam === null ? null : view.known ? columnsFromParam(view, colsParam) : splitColumnKeys(colsParam);
    return columnVisibility(view, cols && cols.length > 0 ? cols : null);
  }, [view, colsParam]);
  const defaultVisibility = useMemo(() => columnVisibility(view, null), [view]);

  return (
    <ServerList
      columns={columns}
      rows={rows}
      total={total}
      page={page}
      size={size}
      sort={sort}
      defaultSort={view.defaultSort}
      getRowId={(row) => row.id}
      rowHref={(row) => detailHref(view.name, row.id)}
      caption={view.label}
      rowLabel={view.label.toLowerCase()}
      empty={empty}
      toolbar={{ filters: view.filters, searchHint: view.searchHint, q, values: filters, active }}
      visibility={visibility}
      defaultVisibility={defaultVisibility}
      tools={(table) => (
        <>
          <DataTableViewOptions table={table} />
          {children}
        </>
      )}
    />
  );
}
