/**
 * URL search parameters of a list view -> validated ListState -> the service's ListQuery
 * (`sort`, `range`, `filter`). Each parameter is checked on its own with zod: a bad one is
 * reported in words and replaced by its default, the rest of the URL still applies, and
 * nothing here throws on input.
 */
import { z } from 'zod';
import type { ListQuery } from '@/lib/upstream/contract';
import {
  enumParser,
  pageParser,
  paramReader,
  sizeParser,
  sortParser,
  textParser,
  type ParamIssue,
  type RawSearchParams,
} from '@/lib/search-params';
import { utcDayEnd, utcDayStart } from '@/lib/time';
import {
  columnsFromParam,
  DEFAULT_LIST_STATE,
  keptListParams,
  splitColumnKeys,
  LIST_PARAMS,
  PAGE_SIZES,
  type ListState,
} from './list-state';
import { DATE_RANGE_PARAMS } from '@/lib/tables/filters';
import type { EntityFilterSpec, EntityView, SortSpec } from './types';

export type { ParamIssue, RawSearchParams };

const MAX_TEXT = 200;

const pageSchema = pageParser();
const sizeSchema = sizeParser(PAGE_SIZES);
const textSchema = textParser(MAX_TEXT);

/** Builds a schema once per registry entry: building a zod schema costs more than running it. */
function perEntry<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const built = new WeakMap<K, V>();
  return (key) => {
    if (!built.has(key)) built.set(key, build(key));
    return built.get(key)!;
  };
}

const sortSchema = perEntry((entity: EntityView) =>
  // An unknown entity's columns are only known after the read: the service judges its sort.
  sortParser((field) => !entity.known || entity.columns.some((column) => column.id === field && column.enableSorting)),
);

const filterSchema = perEntry((filter: Exclude<EntityFilterSpec, { kind: 'date-range' }>) => {
  switch (filter.kind) {
    case 'enum':
      return enumParser(filter.options);
    case 'boolean':
      return z.enum(['true', 'false'], { error: 'must be true or false' });
    case 'exact':
      return textSchema.transform((value) => value.trim()).pipe(z.string().min(1, { error: 'is empty' }));
  }
});

const daySchema = z.string().refine((value) => utcDayStart(value) !== null, { error: 'is not a date (YYYY-MM-DD)' });

const colsSchema = perEntry((entity: EntityView) =>
  z.string().superRefine((value, context) => {
    if (!entity.known) return;
    const known = new Set(entity.columns.map((column) => column.id));
    const unknown = splitColumnKeys(value).filter((key) => !known.has(key));
    if (unknown.length > 0)
      context.addIssue({ code: 'custom', message: `has no column ${unknown.map((key) => `"${key}"`).join(', ')}` });
  }),
);

/**
 * Reads a list view's state from its URL (lib/search-params: the one behaviour for bad,
 * repeated and unknown parameters). Every problem becomes an issue naming the parameter, its
 * value and the fallback, for the page to show above the table.
 */
export function parseListParams(entity: EntityView, raw: RawSearchParams): { state: ListState; issues: ParamIssue[] } {
  const reader = paramReader(raw);
  const state: ListState = { ...DEFAULT_LIST_STATE, filters: {} };

  state.page = reader.read(LIST_PARAMS.page, pageSchema, 'showing page 1') ?? state.page;
  state.size = reader.read(LIST_PARAMS.size, sizeSchema, `showing ${DEFAULT_LIST_STATE.size} rows`) ?? state.size;
  state.sort = reader.read(LIST_PARAMS.sort, sortSchema(entity), 'using the default order') ?? null;
  state.q = reader.read(LIST_PARAMS.q, textSchema, 'searching for nothing')?.trim() ?? '';

  // Reported when wrong, but the columns it names that exist still apply.
  reader.read(LIST_PARAMS.cols, colsSchema(entity), 'those are left out');
  const colsValue = reader.text(LIST_PARAMS.cols);
  if (colsValue !== undefined) {
    // An unknown entity's columns are matched after the read.
    const cols = entity.known ? columnsFromParam(entity, colsValue) : splitColumnKeys(colsValue);
    state.cols = cols.length > 0 ? cols : null;
  }

  for (const filter of entity.filters) {
    if (filter.kind === 'date-range') {
      const from = reader.read(DATE_RANGE_PARAMS.from, daySchema, 'no start date');
      const to = reader.read(DATE_RANGE_PARAMS.to, daySchema, 'no end date');
      if (from !== undefined && to !== undefined && from > to) {
        reader.report(DATE_RANGE_PARAMS.from, `${filter.label} from ${from} is after ${to}; no date range.`);
        continue;
      }
      if (from !== undefined) state.filters[DATE_RANGE_PARAMS.from] = from;
      if (to !== undefined) state.filters[DATE_RANGE_PARAMS.to] = to;
      continue;
    }
    const value = reader.read(filter.param, filterSchema(filter), `not filtering by ${filter.label.toLowerCase()}`);
    if (value !== undefined) state.filters[filter.param] = value;
  }
  return { state, issues: reader.finish('list') };
}

/** The order the list is in: the URL's, else the entity's default (null: the service's own). */
export function effectiveSort(entity: EntityView, state: ListState): SortSpec | null {
  return state.sort ?? entity.defaultSort;
}

/** The upstream `filter` object of a state: free text as `q`, each filter on its field. */
export function toUpstreamFilter(entity: EntityView, state: ListState): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (state.q !== '') filter.q = state.q;
  for (const spec of entity.filters) {
    if (spec.kind === 'date-range') {
      const from = state.filters[DATE_RANGE_PARAMS.from];
      const to = state.filters[DATE_RANGE_PARAMS.to];
      const after = from === undefined ? null : utcDayStart(from);
      const before = to === undefined ? null : utcDayEnd(to);
      if (after !== null) filter[spec.afterField] = after;
      if (before !== null) filter[spec.beforeField] = before;
      continue;
    }
    const value = state.filters[spec.param];
    if (value === undefined) continue;
    filter[spec.field] = spec.kind === 'boolean' ? value === 'true' : value;
  }
  return filter;
}

/** The service's list query for one page of a state. */
export function toListQuery(entity: EntityView, state: ListState): ListQuery {
  const sort = effectiveSort(entity, state);
  const start = (state.page - 1) * state.size;
  return {
    ...(sort ? { sort: { field: sort.field, order: sort.order === 'asc' ? 'ASC' : 'DESC' } } : {}),
    range: { start, end: start + state.size - 1 },
    filter: toUpstreamFilter(entity, state),
  };
}

export interface ActiveFilter {
  /** The URL parameters to remove to drop this filter. */
  params: string[];
  label: string;
  value: string;
}

/** The filters narrowing a state, in words, for chips and for empty results. */
export function activeFilters(entity: EntityView, state: ListState): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (state.q !== '') active.push({ params: [LIST_PARAMS.q], label: 'Search', value: state.q });
  for (const spec of entity.filters) {
    if (spec.kind === 'date-range') {
      const from = state.filters[DATE_RANGE_PARAMS.from];
      const to = state.filters[DATE_RANGE_PARAMS.to];
      if (from === undefined && to === undefined) continue;
      const value = from && to ? `${from} to ${to}` : from ? `from ${from}` : `until ${to}`;
      active.push({ params: [DATE_RANGE_PARAMS.from, DATE_RANGE_PARAMS.to], label: spec.label, value });
      continue;
    }
    const value = state.filters[spec.param];
    if (value !== undefined) active.push({ params: [spec.param], label: spec.label, value });
  }
  return active;
}

/** A list page's URL state as its table takes it: the page, the order in effect, the search and the filters with those in effect. */
export function listPageState<View extends EntityView>(view: View, state: ListState) {
  return {
    view,
    page: state.page,
    size: state.size,
    sort: effectiveSort(view, state),
    q: state.q,
    filters: state.filters,
    active: activeFilters(view, state),
    keep: keptListParams(view, state),
  };
}

/** The state without some filter parameters, back on page 1. */
export function withoutFilter(state: ListState, params: readonly string[]): ListState {
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([name]) => !params.includes(name)));
  return { ...state, page: 1, q: params.includes(LIST_PARAMS.q) ? '' : state.q, filters };
}
