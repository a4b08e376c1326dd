/**
 * The filters of a table, declared with it (TableDeclaration.filters): each is a field of the one
 * filter bar (components/data-table/filters/filter-bar.tsx) and reads its own URL parameter, so a
 * filter's name in the URL, its field and its label are written once. Plain data: the pages' URL
 * readers in lib own the declarations and the components' tables compose them.
 */

/** The URL names of a date range's bounds (one date range per table at most). */
export const DATE_RANGE_PARAMS = { from: 'from', to: 'to' } as const;

/** A value picked from a list, with the words that show it. */
export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One filter. `param` is its name in the console's URL; `field`, where the rows come from the
 * service's lists, the exact-match field of the service's `filter` object it becomes (its param
 * when none is given).
 */
export type FilterSpec =
  | { kind: 'enum'; param: string; field?: string; label: string; options: readonly string[] }
  | { kind: 'boolean'; param: string; field?: string; label: string }
  /** An exact value typed or pasted (ids, codes). */
  | {
      kind: 'exact';
      param: string;
      field?: string;
      label: string;
      linkTo?: string;
      placeholder?: string;
      /** The longest value the field takes (default: the entity lists' 200). */
      maxLength?: number;
    }
  /** Text the table's source matches by its own rule (part of an e-mail, an action's prefix). */
  | { kind: 'text'; param: string; label: string; placeholder: string; maxLength: number }
  /** A whole number from `min` up. */
  | { kind: 'number'; param: string; label: string; min: number }
  /** Any of several values, each a repetition of the parameter (`status=a&status=b`). */
  | { kind: 'multi'; param: string; label: string; options: readonly FilterOption[] }
  /**
   * Bounds in the URL (`from`, `to`, UTC). Days (`YYYY-MM-DD`, both inclusive), sent to the service
   * as epoch milliseconds: `afterField` inclusive start, `beforeField` exclusive end. With
   * `times`, a bound may also be an ISO date-time, and the quick ranges start with the last hour.
   */
  | { kind: 'date-range'; label: string; afterField?: string; beforeField?: string; times?: boolean };

/** The URL parameters a filter reads (a date range reads two). */
export function filterParams(filter: FilterSpec): string[] {
  return filter.kind === 'date-range' ? [DATE_RANGE_PARAMS.from, DATE_RANGE_PARAMS.to] : [filter.param];
}

/** The URL parameters the filters of a table read, in their order. */
export function filterParamNames(filters: readonly FilterSpec[]): string[] {
  return filters.flatMap(filterParams);
}
