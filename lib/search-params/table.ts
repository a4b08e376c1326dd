/**
 * The table state a paged page (stuck queue, jobs, audit) reads from its URL, the same way the
 * entity lists do: `size` (one of PAGE_SIZES), `sort` (`field.asc|desc`, a sortable column) and
 * `cols` (the shown columns). Bad values are reported through the page's reader.
 */
import { DEFAULT_PAGE_SIZE, LIST_PARAMS, PAGE_SIZES, splitColumnKeys, type PageSize } from '@/lib/entities/list-state';
import type { SortSpec } from '@/lib/entities/types';
import { sizeParser, sortParser, textParser } from './parsers';
import type { ParamReader } from './reader';

export interface TableSpec {
  /** Columns the server can order by. */
  sortable: readonly string[];
  /** The order without a `sort` parameter. */
  defaultSort: SortSpec;
  /** Every column that may be hidden, in table order. */
  columns: readonly string[];
  /** The size without a `size` parameter (DEFAULT_PAGE_SIZE unless the page had another). */
  defaultSize?: PageSize;
}

export interface TableParams {
  size: PageSize;
  sort: SortSpec;
  /** Whether each column is shown (the URL's choice; every column when there is none). */
  visibility: Record<string, boolean>;
}

const colsSchema = textParser(1_000);

export function readTableParams(reader: ParamReader, spec: TableSpec): TableParams {
  const defaultSize = spec.defaultSize ?? DEFAULT_PAGE_SIZE;
  const size = reader.read(LIST_PARAMS.size, sizeParser(PAGE_SIZES), `showing ${defaultSize} rows`) ?? defaultSize;
  const sort = reader.read(LIST_PARAMS.sort, sortParser((field) => spec.sortable.includes(field)), 'using the default order') ?? spec.defaultSort;
  const cols = reader.read(LIST_PARAMS.cols, colsSchema, 'showing every column');
  const chosen = cols === undefined ? null : new Set(splitColumnKeys(cols));
  const visibility = Object.fromEntries(spec.columns.map((column) => [column, chosen === null || chosen.has(column)]));
  return { size, sort, visibility };
}

/** A table's state with no URL choice: the spec's size and order, every column shown. */
export function defaultTableParams(spec: TableSpec): TableParams {
  return { size: spec.defaultSize ?? DEFAULT_PAGE_SIZE, sort: spec.defaultSort, visibility: Object.fromEntries(spec.columns.map((column) => [column, true])) };
}

/** The table parameters of a state that differ from the spec's defaults, for links that keep them. */
export function tableParamsRecord(params: TableParams, spec: TableSpec): Record<string, string> {
  const record: Record<string, string> = {};
  if (params.size !== (spec.defaultSize ?? DEFAULT_PAGE_SIZE)) record[LIST_PARAMS.size] = String(params.size);
  if (params.sort.field !== spec.defaultSort.field || params.sort.order !== spec.defaultSort.order) record[LIST_PARAMS.sort] = `${params.sort.field}.${params.sort.order}`;
  if (spec.columns.some((column) => !params.visibility[column])) record[LIST_PARAMS.cols] = spec.columns.filter((column) => params.visibility[column]).join(',');
  return record;
}
