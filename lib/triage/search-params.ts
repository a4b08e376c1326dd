/** The stuck queue's URL state (every group and filter is a shareable link), read with lib/search-params. */
import type { RowData } from '@tanstack/table-core';
import { z } from 'zod';
import {
  enumParser,
  pageParser,
  paramReader,
  textParser,
  type ParamIssue,
  type ParamReader,
  type RawSearchParams,
} from '@/lib/search-params';
import { readTableParams, type OrderedTable, type TableParams } from '@/lib/search-params/table';
import { statusWithRaw } from '@/lib/status-labels';
import type { FilterSpec } from '@/lib/tables/filters';
import { NON_TERMINAL_STATUSES } from '@/lib/upstream/contract';
import { AGE_BUCKETS, ARTIFACTS, WATCHABLE_STATUSES } from './stuck-rules';
import { thresholdParamSchema, type StuckQuery } from './stuck';

export const DEFAULT_REFRESH_SECONDS = 30;

/**
 * The stuck queue's filter bar, declared once (STUCK_TABLE composes it). The age group and the
 * missing artifact are set by the page's links, not typed, so the bar leaves them out.
 */
export const STUCK_FILTERS = [
  { kind: 'number', param: 'threshold', label: 'Not updated for (minutes)', min: 1 },
  {
    kind: 'multi',
    param: 'status',
    label: 'Statuses',
    options: WATCHABLE_STATUSES.map((status) => ({ value: status, label: statusWithRaw(status) })),
  },
  { kind: 'exact', param: 'workspace', label: 'Workspace id' },
  { kind: 'exact', param: 'channel', label: 'Channel id' },
  { kind: 'exact', param: 'creator', label: 'Creator id' },
] as const satisfies readonly FilterSpec[];

export interface StuckPageState {
  query: StuckQuery;
  page: number;
  /** Page size, order (by age) and shown columns. */
  table: TableParams;
  /** Seconds between automatic refreshes; 0 is paused. */
  refresh: number;
  /** Parameters that were not valid and were replaced by defaults, with why. */
  problems: ParamIssue[];
  /** The incident this view remediates for: bulk jobs started here are linked to it (lib/incidents). */
  incident?: string;
}

const idSchema = textParser(200);
export const refreshSchema = z
  .string()
  .regex(/^\d+$/, { error: 'is not a whole number of seconds' })
  .transform(Number)
  .pipe(z.number().max(3600, { error: 'must be whole seconds from 0 (paused) to 3600' }));

/** The URL parameters of the queue's filter (its query), beside its page, order, columns and refresh. */
export const STUCK_QUERY_PARAMS = ['threshold', 'status', 'workspace', 'channel', 'creator', 'age', 'missing'] as const;

/**
 * The queue's filter from the URL (what its rows and counts are read with); `defaultThreshold` is
 * the configured one (lib/triage/settings). Bad values are reported through the reader.
 */
export function readStuckQuery(reader: ParamReader, defaultThreshold: number): StuckQuery {
  // Repeated `status` parameters, as the filter form's checkboxes submit them.
  const statuses = reader.readList('status', enumParser(WATCHABLE_STATUSES), 'not watched');
  return stripUndefined({
    threshold: reader.read('threshold', thresholdParamSchema, `using ${defaultThreshold} minutes`) ?? defaultThreshold,
    statuses: statuses.length > 0 ? [...new Set(statuses)] : [...NON_TERMINAL_STATUSES],
    workspace: reader.read('workspace', idSchema, 'not filtering by workspace'),
    channel: reader.read('channel', idSchema, 'not filtering by channel'),
    creator: reader.read('creator', idSchema, 'not filtering by creator'),
    age: reader.read('age', enumParser(AGE_BUCKETS.map((bucket) => bucket.id)), 'all ages'),
    missing: reader.read('missing', enumParser(ARTIFACTS.map((artifact) => artifact.id)), 'not filtering by artifact'),
  });
}

/**
 * Reads the queue's state; `defaultThreshold` is the configured one (lib/triage/settings), `table`
 * the queue's table (STUCK_TABLE, beside its cells), whose columns the URL may order and choose.
 */
export function parseStuckSearchParams<TData extends RowData>(
  raw: RawSearchParams,
  defaultThreshold: number,
  table: OrderedTable<TData>,
): StuckPageState {
  const reader = paramReader(raw);
  const query = readStuckQuery(reader, defaultThreshold);
  const page = reader.read('page', pageParser(), 'showing page 1') ?? 1;
  const refresh =
    reader.read('refresh', refreshSchema, `refreshing every ${DEFAULT_REFRESH_SECONDS} seconds`) ??
    DEFAULT_REFRESH_SECONDS;
  const incident = reader.read(
    'incident',
    z.string().uuid({ error: 'is not an incident id' }),
    'not linked to an incident',
  );
  return {
    query,
    page,
    refresh,
    table: readTableParams(reader, table),
    problems: reader.finish('page'),
    ...(incident ? { incident } : {}),
  };
}

/** Optional fields that are absent, not present as undefined (the query is compared and spread). */
function stripUndefined(query: StuckQuery): StuckQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as StuckQuery;
}

/** The URL of the queue with some of its state changed; `page` resets unless given; the table's size, order and columns are kept. */
export function stuckHref(
  state: Pick<StuckPageState, 'query' | 'refresh'> & Partial<Pick<StuckPageState, 'table' | 'incident'>>,
  changes: Partial<StuckQuery> & { page?: number; refresh?: number } = {},
): string {
  const query = { ...state.query, ...changes };
  const params = new URLSearchParams();
  params.set('threshold', String(query.threshold));
  for (const status of query.statuses) params.append('status', status);
  for (const key of ['workspace', 'channel', 'creator', 'age', 'missing'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  const refresh = changes.refresh ?? state.refresh;
  if (refresh !== DEFAULT_REFRESH_SECONDS) params.set('refresh', String(refresh));
  for (const [name, value] of Object.entries(state.table?.kept ?? {})) params.set(name, value);
  if (changes.page && changes.page > 1) params.set('page', String(changes.page));
  if (state.incident) params.set('incident', state.incident);
  return `/stuck?${params.toString()}`;
}
