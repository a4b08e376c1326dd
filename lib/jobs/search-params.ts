/** The URL state of the jobs list and of a job's page, read with lib/search-params. */
import { z } from 'zod';
import { enumParser, pageParser, paramReader, type ParamIssue, type RawSearchParams } from '@/lib/search-params';
import { readTableParams, type TableParams } from '@/lib/search-params/table';
import { ITEM_STATUSES, type ItemStatus } from './types';
import { JOBS_TABLE } from '@/components/jobs/jobs-table';

const pausedSchema = enumParser(['1']);

export function parseJobsPageParams(raw: RawSearchParams): {
  page: number;
  paused: boolean;
  table: TableParams;
  issues: ParamIssue[];
} {
  const reader = paramReader(raw);
  const page = reader.read('page', pageParser(), 'showing page 1') ?? 1;
  const paused = reader.read('paused', pausedSchema, 'refreshing') === '1';
  const table = readTableParams(reader, JOBS_TABLE);
  return { page, paused, table, issues: reader.finish('page') };
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
