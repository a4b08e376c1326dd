/**
 * Turns a react-admin list query (parsed by the contract's parseListQuery) into parameterised
 * SQL for one entity. Column names come only from the entity's definition; values only travel
 * as bind parameters. Problems are 400s naming the parameter at fault.
 */
import type { ListQuery } from '../../lib/upstream/contract';
import { HttpError } from '../http';
import type { ColumnKind, EntityDefinition } from './entities';

/** Largest page one request may ask for; also the page when no range is given. */
export const MAX_PAGE_SIZE = 1000;

export interface ListSql {
  countSql: string;
  countParams: unknown[];
  pageSql: string;
  pageParams: unknown[];
  start: number;
}

const ARRAY_TYPES: Record<ColumnKind, string> = {
  text: 'text[]',
  boolean: 'boolean[]',
  integer: 'bigint[]',
  timestamp: 'timestamptz[]',
};

function invalid(parameter: 'sort' | 'range' | 'filter', message: string): HttpError {
  return new HttpError(400, `${parameter}: ${message}`, 'INVALID_PARAMETER');
}

export function buildListSql(entity: EntityDefinition, query: ListQuery): ListSql {
  const params: unknown[] = [];
  const bind = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };

  const conditions: string[] = [];
  for (const [field, value] of Object.entries(query.filter ?? {})) {
    if (field === 'q') {
      if (typeof value !== 'string') throw invalid('filter', 'q must be a string');
      if (value.trim() === '') continue;
      const pattern = bind(`%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      conditions.push(`(${entity.searchColumns.map((column) => `"${column}" ILIKE ${pattern}`).join(' OR ')})`);
      continue;
    }
    const kind = Object.hasOwn(entity.columns, field) ? entity.columns[field] : undefined;
    if (!kind) throw invalid('filter', `unknown field "${field}"`);
    if (value === null) {
      conditions.push(`"${field}" IS NULL`);
    } else if (Array.isArray(value)) {
      // An id list (react-admin getMany); an empty list matches nothing.
      value.forEach((item) => checkValue(field, kind, item));
      conditions.push(value.length === 0 ? 'false' : `"${field}" = ANY(${bind(value)}::${ARRAY_TYPES[kind]})`);
    } else {
      checkValue(field, kind, value);
      conditions.push(`"${field}" = ${bind(value)}`);
    }
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';

  const sort = query.sort ?? entity.defaultSort;
  if (!Object.hasOwn(entity.columns, sort.field)) throw invalid('sort', `unknown field "${sort.field}"`);
  // Ties broken by id, so pages neither repeat nor skip rows.
  const orderBy = `ORDER BY "${sort.field}" ${sort.order}${sort.field === 'id' ? '' : ', "id" ASC'}`;

  const start = query.range?.start ?? 0;
  const end = query.range?.end ?? start + MAX_PAGE_SIZE - 1;
  const size = end - start + 1;
  if (size > MAX_PAGE_SIZE) throw invalid('range', `at most ${MAX_PAGE_SIZE} rows per request`);

  const columns = Object.keys(entity.columns).map((column) => `"${column}"`).join(', ');
  const countParams = [...params];
  const page = `LIMIT ${bind(size)} OFFSET ${bind(start)}`;
  return {
    countSql: `SELECT count(*)::int AS total FROM "${entity.table}" ${where}`,
    countParams,
    pageSql: `SELECT ${columns} FROM "${entity.table}" ${where} ${orderBy} ${page}`,
    pageParams: params,
    start,
  };
}

function checkValue(field: string, kind: ColumnKind, value: unknown): void {
  const ok =
    kind === 'text'
      ? typeof value === 'string'
      : kind === 'boolean'
        ? typeof value === 'boolean'
        : kind === 'integer'
          ? Number.isSafeInteger(value)
          : typeof value === 'string' && !Number.isNaN(Date.parse(value));
  if (!ok) throw invalid('filter', `"${field}" must be ${describe(kind)}`);
}

function describe(kind: ColumnKind): string {
  return { text: 'a string', boolean: 'true or false', integer: 'an integer', timestamp: 'an ISO 8601 date-time' }[kind];
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
