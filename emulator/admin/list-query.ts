/**
 * Turns a react-admin list query (parsed by the contract's parseListQuery) into a ListRequest
 * for one entity: filter values are checked against the entity's fields, sort fields must be
 * fields of the entity, and the range is bounded. Problems are 400s naming the parameter.
 */
import type { ListQuery, SortOrder } from '../../lib/upstream/contract';
import { HttpError } from '../http';
import type { Condition, ListRequest } from '../store/list';
import type { FieldValue } from '../store/table';
import type { World } from '../model/world';

/** Largest page one request may ask for; also the page when no range is given. */
export const MAX_PAGE_SIZE = 1000;
/** Most values one filter field may list (`{"id": [...]}`). */
const MAX_FILTER_VALUES = 1000;
const MAX_SEARCH_LENGTH = 500;

/**
 * How a record field is stored: `datetime` is epoch milliseconds in the row and ISO 8601 on the
 * wire; `strings` is an array of strings (filtering matches records whose array contains a value).
 */
export type FieldKind = 'string' | 'number' | 'boolean' | 'datetime' | 'strings';

export interface FieldSpec<Row> {
  kind: FieldKind;
  column: keyof Row & string;
}

/**
 * A filter beyond exact matches: checks its value and returns the condition, or throws a 400.
 * The world is there for filters that follow another table (memberships).
 */
export type FilterBuilder<Row> = (value: unknown, name: string, world: World) => Condition<Row>;

export interface ListableEntity<Row> {
  /** Record field -> stored column: the fields lists can filter and sort on. */
  fields: Readonly<Record<string, FieldSpec<Row>>>;
  extraFilters?: Readonly<Record<string, FilterBuilder<Row>>>;
  /** Columns free-text `q` searches. */
  search: readonly (keyof Row & string)[];
  defaultSort: { field: string; order: SortOrder };
  /** Conditions every list applies (agents are the users that are agents). */
  scope?: readonly Condition<Row>[];
}

export function invalid(parameter: 'sort' | 'range' | 'filter', message: string): HttpError {
  return new HttpError(400, `${parameter}: ${message}`, 'INVALID_PARAMETER');
}

export function toListRequest<Row>(entity: ListableEntity<Row>, query: ListQuery, world: World): ListRequest<Row> {
  const conditions: Condition<Row>[] = [...(entity.scope ?? [])];
  for (const [name, value] of Object.entries(query.filter ?? {})) {
    if (name === 'q') {
      if (typeof value !== 'string') throw invalid('filter', 'q must be a string');
      if (value.length > MAX_SEARCH_LENGTH) throw invalid('filter', `q is longer than ${MAX_SEARCH_LENGTH} characters`);
      if (value.trim() !== '') conditions.push({ kind: 'text', fields: entity.search, text: value });
      continue;
    }
    const extra =
      entity.extraFilters && Object.hasOwn(entity.extraFilters, name) ? entity.extraFilters[name] : undefined;
    if (extra) {
      conditions.push(extra(value, name, world));
      continue;
    }
    const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
    if (!field) throw invalid('filter', `unknown field "${name}"`);
    conditions.push(exactCondition(name, field, value));
  }

  const sort = query.sort ?? entity.defaultSort;
  const sortField = Object.hasOwn(entity.fields, sort.field) ? entity.fields[sort.field] : undefined;
  if (!sortField) throw invalid('sort', `unknown field "${sort.field}"`);
  if (sortField.kind === 'strings') throw invalid('sort', `cannot sort by the list field "${sort.field}"`);

  const start = query.range?.start ?? 0;
  const end = query.range?.end ?? start + MAX_PAGE_SIZE - 1;
  if (end - start + 1 > MAX_PAGE_SIZE) throw invalid('range', `at most ${MAX_PAGE_SIZE} rows per request`);
  return { conditions, sort: { field: sortField.column, order: sort.order }, start, end };
}

/** A field equals the value, or one of the values of an array; list fields contain it. */
function exactCondition<Row>(name: string, field: FieldSpec<Row>, value: unknown): Condition<Row> {
  const values = Array.isArray(value) ? value : [value];
  if (values.length > MAX_FILTER_VALUES)
    throw invalid('filter', `"${name}" lists more than ${MAX_FILTER_VALUES} values`);
  const stored = values.map((item) => storedValue(name, field.kind, item));
  return field.kind === 'strings'
    ? { kind: 'contains', field: field.column, values: stored }
    : { kind: 'equals', field: field.column, values: stored };
}

function storedValue(name: string, kind: FieldKind, value: unknown): FieldValue {
  if (value === null && kind !== 'strings') return null;
  switch (kind) {
    case 'string':
    case 'strings':
      if (typeof value === 'string') return value;
      break;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      break;
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      break;
    case 'datetime': {
      const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
      if (!Number.isNaN(time)) return time;
      break;
    }
  }
  throw invalid('filter', `"${name}" must be ${DESCRIPTIONS[kind]}`);
}

const DESCRIPTIONS: Record<FieldKind, string> = {
  string: 'a string, null or a list of them',
  strings: 'a string or a list of strings',
  boolean: 'true, false or null',
  number: 'a number, null or a list of numbers',
  datetime: 'an ISO 8601 date-time, null or a list of them',
};

/** A bound in epoch milliseconds on a number column: `min` is inclusive, `below` exclusive. */
export function epochBound<Row>(column: keyof Row & string, side: 'min' | 'below'): FilterBuilder<Row> {
  return (value, name) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw invalid('filter', `"${name}" must be a number (epoch milliseconds)`);
    }
    return { kind: 'between', field: column, [side]: value };
  };
}

/** Another name for filtering a list field by containment (`channel_guid` for `channel_guids`). */
export function containsFilter<Row>(column: keyof Row & string): FilterBuilder<Row> {
  return (value, name) => exactCondition(name, { kind: 'strings', column }, value);
}

/** react-admin's alternative to `range`: `Range: users=0-24`. */
export function parseRangeHeader(header: string, entityName: string): { start: number; end: number } {
  const match = /^\s*([\w-]+)=(\d+)-(\d+)\s*$/.exec(header);
  if (!match || match[1] !== entityName) {
    throw invalid('range', `Range header must look like "${entityName}=0-24"`);
  }
  const start = Number(match[2]);
  const end = Number(match[3]);
  if (end < start) throw invalid('range', 'range end must not be before its start');
  return { start, end };
}

/**
 * Records a user is a member of, through a membership table (`member_id` on workspaces and
 * channels): the condition is on the record's id, so it combines with every other filter.
 */
export function memberFilter<Row>(memberships: (world: World, userId: string) => Iterable<string>): FilterBuilder<Row> {
  return (value, name, world) => {
    if (typeof value !== 'string' || value === '') throw invalid('filter', `"${name}" must be a user id`);
    return { kind: 'equals', field: 'id' as keyof Row & string, values: [...new Set(memberships(world, value))] };
  };
}
