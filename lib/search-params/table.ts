/**
 * The table state a paged page (stuck queue, jobs, audit) reads from its URL, the same way the
 * entity lists do, from the table's declaration (lib/tables/columns.ts): `size` (one of
 * PAGE_SIZES), `sort` (`field.asc|desc`, a sortable column) and `cols` (the shown columns). Bad
 * values are reported through the page's reader.
 */
import type { RowData } from '@tanstack/table-core';
import { LIST_PARAMS, PAGE_SIZES, splitColumnKeys, type PageSize } from '@/lib/entities/list-state';
import type { SortSpec } from '@/lib/entities/types';
import {
  columnId,
  columnVisibility,
  defaultPageSize,
  isHideable,
  sortableIds,
  type TableDeclaration,
} from '@/lib/tables/columns';
import { sizeParser, sortParser, textParser } from './parsers';
import type { ParamReader } from './reader';

/** A declaration whose table has a default order (the paged pages' tables all have one). */
export type OrderedTable<TData extends RowData> = TableDeclaration<TData> & { defaultSort: SortSpec };

export interface TableParams {
  size: PageSize;
  sort: SortSpec;
  /** Whether each column is shown (the URL's choice; the declared defaults when there is none). */
  visibility: Record<string, boolean>;
  /** The parameters of this state that differ from the declaration's defaults, for links and forms that keep them. */
  kept: Record<string, string>;
}

const colsSchema = textParser(1_000);

export function readTableParams<TData extends RowData>(reader: ParamReader, table: OrderedTable<TData>): TableParams {
  const sortable = sortableIds(table.columns);
  const size =
    reader.read(LIST_PARAMS.size, sizeParser(PAGE_SIZES), `showing ${defaultPageSize(table)} rows`) ??
    defaultPageSize(table);
  const sort =
    reader.read(
      LIST_PARAMS.sort,
      sortParser((field) => sortable.includes(field)),
      'using the default order',
    ) ?? table.defaultSort;
  const cols = reader.read(LIST_PARAMS.cols, colsSchema, 'showing every column');
  const visibility = columnVisibility(table.columns, cols === undefined ? null : splitColumnKeys(cols));
  return { size, sort, visibility, kept: changedParams({ size, sort, visibility }, table) };
}

/** A table's state with no URL choice: the declared size, order and columns. */
export function defaultTableParams<TData extends RowData>(table: OrderedTable<TData>): TableParams {
  return {
    size: defaultPageSize(table),
    sort: table.defaultSort,
    visibility: columnVisibility(table.columns, null),
    kept: {},
  };
}

/** The table parameters of a state that differ from the declaration's defaults. */
function changedParams<TData extends RowData>(
  params: Omit<TableParams, 'kept'>,
  table: OrderedTable<TData>,
): Record<string, string> {
  const record: Record<string, string> = {};
  if (params.size !== defaultPageSize(table)) record[LIST_PARAMS.size] = String(params.size);
  if (params.sort.field !== table.defaultSort.field || params.sort.order !== table.defaultSort.order)
    record[LIST_PARAMS.sort] = `${params.sort.field}.${params.sort.order}`;
  const defaults = columnVisibility(table.columns, null);
  const hideable = table.columns.filter(isHideable).map(columnId);
  if (hideable.some((id) => params.visibility[id] !== defaults[id]))
    record[LIST_PARAMS.cols] = hideable.filter((id) => params.visibility[id]).join(',');
  return record;
}
