/**
 * The state of a list view, which lives in its URL: `page`, `size`, `sort=field.asc|desc`,
 * `q`, one parameter per filter (`status=processing`, `from=2026-11-01`), and `cols` for the
 * chosen columns. Plain functions without zod, so client components share them; the
 * validating parser is in list-params.ts (server).
 */
import { filterParamNames } from '@/lib/tables/filters';
import type { EntityView, SortSpec } from './types';

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
const SORT_FIELD = '[A-Za-z_][A-Za-z0-9_]*';
/** A field name the `sort` parameter can carry, and the parameter itself (`field.asc`). */
export const SORT_FIELD_PATTERN = new RegExp(`^${SORT_FIELD}$`);
export const SORT_PARAM_PATTERN = new RegExp(`^${SORT_FIELD}\\.(asc|desc)$`);

/** Deep enough for any incident; keeps offsets within what a service can reasonably skip. */
export const MAX_PAGE = 100_000;

/** The pages a list of `total` rows has that a URL can name: at least one, at most MAX_PAGE. */
export function reachablePageCount(total: number, size: number): number {
  return Math.min(MAX_PAGE, Math.max(1, Math.ceil(total / size)));
}

export const LIST_PARAMS = { page: 'page', size: 'size', sort: 'sort', q: 'q', cols: 'cols' } as const;

export interface ListState {
  /** 1-based. */
  page: number;
  size: PageSize;
  /** The order chosen in the URL; null is the entity's default order. */
  sort: SortSpec | null;
  /** Free text; empty when none. */
  q: string;
  /** Validated filter values by URL parameter (date bounds under `from` and `to`). */
  filters: Record<string, string>;
  /** The columns chosen in the URL, in the entity's order; null is the default choice. */
  cols: string[] | null;
}

export const DEFAULT_LIST_STATE: ListState = {
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  sort: null,
  q: '',
  filters: {},
  cols: null,
};

export function formatSortParam(sort: SortSpec): string {
  return `${sort.field}.${sort.order}`;
}

/** The keys a `cols` value names. */
export function splitColumnKeys(raw: string): string[] {
  return raw
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
}

/** Column keys named by a `cols` value that the entity has, in the entity's order. */
export function columnsFromParam(entity: EntityView, raw: string): string[] {
  const named = new Set(splitColumnKeys(raw));
  return entity.columns.filter((column) => named.has(column.id)).map((column) => column.id);
}

/** The canonical query string of a state (defaults left out), with its `?`, or '' when empty. */
export function listQueryString(entity: EntityView, state: ListState): string {
  const params = new URLSearchParams();
  if (state.q !== '') params.set(LIST_PARAMS.q, state.q);
  for (const name of filterParamNames(entity.filters)) {
    const value = state.filters[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  if (state.sort) params.set(LIST_PARAMS.sort, formatSortParam(state.sort));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set(LIST_PARAMS.size, String(state.size));
  if (state.page !== 1) params.set(LIST_PARAMS.page, String(state.page));
  if (state.cols) params.set(LIST_PARAMS.cols, state.cols.join(','));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** The parameters a list's filters leave as they are (its order, size and columns): its filter form's hidden fields. */
export function keptListParams(entity: EntityView, state: ListState): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(listQueryString(entity, { ...state, page: 1, q: '', filters: {} })));
}

/** The current query string with some parameters changed (null or '' removes one), with its `?`. */
export function withParams(current: URLSearchParams, changes: Readonly<Record<string, string | null>>): string {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  }
  const query = next.toString();
  return query === '' ? '' : `?${query}`;
}

/**
 * The order after a click on a column's header: its first order (newest or largest first where
 * `descFirst`), then the other, then none, which is the list's default order.
 */
export function nextSort(field: string, descFirst: boolean, current: SortSpec | null): SortSpec | null {
  const first = descFirst ? 'desc' : 'asc';
  if (current?.field !== field) return { field, order: first };
  return current.order === first ? { field, order: first === 'desc' ? 'asc' : 'desc' } : null;
}

/** The `aria-sort` of a header cell. */
export function ariaSort(field: string, current: SortSpec | null): 'ascending' | 'descending' | undefined {
  if (current?.field !== field) return undefined;
  return current.order === 'asc' ? 'ascending' : 'descending';
}
