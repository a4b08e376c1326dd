/** The URL state of the jobs list and of a job's page, read with lib/search-params. */
import type { RowData } from '@tanstack/table-core';
import { z } from 'zod';
import { enumParser, pageParser, paramReader, type ParamIssue, type RawSearchParams } from '@/lib/search-params';
import { readTableParams, type OrderedTable, type TableParams } from '@/lib/search-params/table';
import { ITEM_STATUSES, type ItemStatus } from './types';

const pausedSchema = enumParser(['1']);

/** The jobs list's URL; `table` is its declaration (JOBS_TABLE, beside its cells), whose columns the URL may order and choose. */
export function parseJobsPageParams<TData extends RowData>(
  raw: RawSearchParams,
  table: OrderedTable<TData>,
): {
  page: number;
  paused: boolean;
  table: TableParams;
  issues: ParamIssue[];
} {
  const reader = paramReader(raw);
  const page = reader.read('page', pageParser(), 'showing page 1') ?? 1;
  const paused = reader.read('paused', pausedSchema, 'refreshing') === '1';
  return { page, paused, table: readTableParams(reader, table), issues: reader.finish('page') };
}

export function parseJobPageParams(raw: RawSearchParams): {
  items: ItemStatus | undefined;
  paused: boolean;
  incident: string | undefined;
  issues: ParamIssue[];
} {
  const reader = paramReader(raw);
  const items = reader.read('items', enumParser(ITEM_STATUSES), 'showing all items');
  const paused = reader.read('paused', pausedSchema, 'refreshing') === '1';
  // The incident a large dry run was started from (its dialog sent the operator here): the start links to it.
  const incident = reader.read(
    'incident',
    z.uuid({ error: 'is not an incident id' }),
    'linking the job to no incident',
  );
  return { items, paused, incident, issues: reader.finish('page') };
}
