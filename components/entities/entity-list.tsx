'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useSearchParams } from 'next/navigation';
import { useMemo, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { BulkJobToolbar, selectColumn, type BulkJobOffer } from '@/components/jobs/bulk-toolbar';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { ServerList, type ServerListRows, type ServerListSearch } from '@/components/data-table/server-list';
import { DataTableViewOptions } from '@/components/data-table/view-options';
import { detailHref } from '@/lib/entities/hrefs';
import { columnsFromParam, columnVisibility, LIST_PARAMS, splitColumnKeys } from '@/lib/entities/list-state';
import type { ColumnKind, NameRecord } from '@/lib/entities/types';
import { TIME_ENCODINGS } from '@/lib/time';
import type { RaRecord } from '@/lib/upstream/contract';
import { CellValue } from './cell-value';

const helper = createColumnHelper<ServerTableFeatures, RaRecord>();

/** Newest and largest first is what an operator wants on the first click. */
const DESCENDING_FIRST: readonly ColumnKind[] = [...TIME_ENCODINGS, 'number', 'duration'];

export type EntityListProps = ServerListRows<RaRecord> &
  ServerListSearch & {
    /** Controls beside the column chooser (the export button). */
    children?: React.ReactNode;
    /** A bulk job the rows can be selected for (users: mark verified). */
    bulk?: BulkJobOffer;
    /** Names of the records the rows link to, by detail href. */
    names?: NameRecord;
  };

/** One entity's list: filters, the table and paging, all driven by the URL. */
export function EntityList({ children, bulk, names, ...list }: EntityListProps) {
  const { view } = list;
  const searchParams = useSearchParams();
  const titles = useMemo(() => new Map(Object.entries(names ?? {})), [names]);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const selectable = bulk?.permission.allowed ?? false;
  // Only rows on screen count: a selection made on another page or filter must not be acted on unseen.
  const selectedShown = list.rows.filter((row) => selected[row.id]).map((row) => row.id);

  const columns = useMemo(
    () => [
      ...(selectable ? [selectColumn<RaRecord>()] : []),
      ...view.columns.map((spec) =>
        helper.accessor((row) => row[spec.key], {
          id: spec.key,
          header: spec.label,
          cell: (context) => <CellValue column={spec} value={context.getValue()} mode="table" selfEntity={spec.key === 'id' ? view.name : undefined} titles={titles} plainLinks />,
          enableSorting: spec.sortable,
          sortDescFirst: DESCENDING_FIRST.includes(spec.kind),
          enableHiding: spec.key !== 'id',
          meta: { label: spec.label },
        }),
      ),
    ],
    [view, selectable, titles],
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
      {...list}
      columns={columns}
      getRowId={(row) => row.id}
      rowHref={(row) => detailHref(view.name, row.id)}
      caption={view.label}
      rowLabel={view.label.toLowerCase()}
      visibility={visibility}
      defaultVisibility={defaultVisibility}
      rowSelection={selectable ? { state: selected, onChange: setSelected } : undefined}
      notice={bulk && list.rows.length > 0 ? <BulkJobToolbar offer={bulk} selectedIds={selectedShown} total={list.total} /> : undefined}
      tools={(table) => (
        <>
          <DataTableViewOptions table={table} />
          {children}
        </>
      )}
    />
  );
}
