/** The URL state of the operators list, read with lib/search-params. */
import { CONSOLE_ROLES, type ConsoleRole } from '@/lib/auth/roles';
import { enumParser, pageParser, paramReader, textParser } from '@/lib/search-params';
import type { ParamIssue, ParamReader, RawSearchParams } from '@/lib/search-params';
import type { RowData } from '@tanstack/table-core';
import { readTableParams, type OrderedTable, type TableParams } from '@/lib/search-params/table';
import type { FilterSpec } from '@/lib/tables/filters';

/** The operators list's filters (its table, OPERATORS_TABLE, declares them with its columns); `q` is its search. */
export const OPERATOR_FILTERS = [
  { kind: 'enum', param: 'role', label: 'Role', options: CONSOLE_ROLES },
] as const satisfies readonly FilterSpec[];

export interface OperatorsPageParams {
  /** Part of the e-mail or the name, any case; empty: every operator. */
  q: string;
  role: ConsoleRole | undefined;
  page: number;
  table: TableParams;
  issues: ParamIssue[];
}

/** The operators list's search and role filter from its URL; bad values are reported through the reader. */
export function readOperatorFilters(reader: ParamReader): Pick<OperatorsPageParams, 'q' | 'role'> {
  const q = reader.read('q', textParser(320), 'showing every operator')?.trim() ?? '';
  const role = reader.read('role', enumParser(CONSOLE_ROLES), 'showing every role');
  return { q, role };
}

/** The operators list's URL; `table` is its declaration, whose columns the URL may order and choose. */
export function parseOperatorsPageParams<TData extends RowData>(
  raw: RawSearchParams,
  table: OrderedTable<TData>,
): OperatorsPageParams {
  const reader = paramReader(raw);
  const { q, role } = readOperatorFilters(reader);
  const page = reader.read('page', pageParser(), 'showing page 1') ?? 1;
  const tableParams = readTableParams(reader, table);
  return { q, role, page, table: tableParams, issues: reader.finish('page') };
}
