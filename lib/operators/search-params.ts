/** The URL state of the operators list, read with lib/search-params. */
import { CONSOLE_ROLES, type ConsoleRole } from '@/lib/auth/roles';
import {
  enumParser,
  pageParser,
  paramReader,
  textParser,
  type ParamIssue,
  type RawSearchParams,
} from '@/lib/search-params';
import { readTableParams, type TableParams } from '@/lib/search-params/table';
import { OPERATORS_TABLE } from '@/components/operators/operators-table';

export interface OperatorsPageParams {
  /** Part of the e-mail or the name, any case; empty: every operator. */
  q: string;
  role: ConsoleRole | undefined;
  page: number;
  table: TableParams;
  issues: ParamIssue[];
}

export function parseOperatorsPageParams(raw: RawSearchParams): OperatorsPageParams {
  const reader = paramReader(raw);
  const q = reader.read('q', textParser(320), 'showing every operator')?.trim() ?? '';
  const role = reader.read('role', enumParser(CONSOLE_ROLES), 'showing every role');
  const page = reader.read('page', pageParser(), 'showing page 1') ?? 1;
  const table = readTableParams(reader, OPERATORS_TABLE);
  return { q, role, page, table, issues: reader.finish('page') };
}
