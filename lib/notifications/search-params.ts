/** The URL state of the notification deliveries table, read with lib/search-params. */
import type { RowData } from '@tanstack/table-core';
import { enumParser, pageParser, paramReader, type ParamIssue, type RawSearchParams } from '@/lib/search-params';
import { readTableParams, type OrderedTable, type TableParams } from '@/lib/search-params/table';
import type { FilterSpec } from '@/lib/tables/filters';

export const ATTEMPT_RESULTS = ['failed', 'ok'] as const;

/** The deliveries table's filter (its declaration, DELIVERIES_TABLE, holds it with its columns). */
export const DELIVERY_FILTERS = [
  { kind: 'enum', param: 'result', label: 'Result', options: ATTEMPT_RESULTS },
] as const satisfies readonly FilterSpec[];

export interface DeliveriesParams {
  result: (typeof ATTEMPT_RESULTS)[number] | undefined;
  page: number;
  table: TableParams;
  issues: ParamIssue[];
}

export function parseDeliveriesParams<TData extends RowData>(
  raw: RawSearchParams,
  table: OrderedTable<TData>,
): DeliveriesParams {
  const reader = paramReader(raw);
  const result = reader.read('result', enumParser(ATTEMPT_RESULTS), 'showing every attempt');
  const page = reader.read('page', pageParser(), 'showing page 1') ?? 1;
  const tableParams = readTableParams(reader, table);
  return { result, page, table: tableParams, issues: reader.finish('page') };
}
