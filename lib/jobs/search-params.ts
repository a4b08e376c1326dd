/** The URL state of the jobs list and of a job's page, read with lib/search-params. */
import { enumParser, pageParser, paramReader, type ParamIssue, type RawSearchParams } from '@/lib/search-params';
import { ITEM_STATUSES, type ItemStatus } from './types';

const pausedSchema = enumParser(['1']);

export function parseJobsPageParams(raw: RawSearchParams): { page: number; paused: boolean; issues: ParamIssue[] } {
  const reader = paramReader(raw);
  const page = reader.read('page', pageParser(), 'showing page 1') ?? 1;
  const paused = reader.read('paused', pausedSchema, 'refreshing') === '1';
  return { page, paused, issues: reader.finish('page') };
}

export function parseJobPageParams(raw: RawSearchParams): { items: ItemStatus | undefined; paused: boolean; issues: ParamIssue[] } {
  const reader = paramReader(raw);
  const items = reader.read('items', enumParser(ITEM_STATUSES), 'showing all items');
  const paused = reader.read('paused', pausedSchema, 'refreshing') === '1';
  return { items, paused, issues: reader.finish('page') };
}
