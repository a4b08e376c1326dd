/**
 * How many rows a saved view's table shows for its filters (the total, not one page), read with
 * the same URL readers and data functions as the table's own page, so a watch rule on a view
 * counts what an operator opening it sees. A failed read throws, and so does a view whose URL no
 * longer reads as a filter (a stored value the page would replace by a default): a count that
 * cannot be trusted is an error, never a zero.
 */
import type { ConsoleDb } from '@/lib/db';
import { queryAuditPage } from '@/lib/audit/history';
import { parseAuditFilters } from '@/lib/audit/filters';
import { parseListParams, toUpstreamFilter } from '@/lib/entities/list-params';
import { LIST_PARAMS } from '@/lib/entities/list-state';
import { declaredEntityView } from '@/lib/entities/registry';
import type { JobsUpstream } from '@/lib/jobs/runner';
import { listJobs } from '@/lib/jobs/store/queries';
import { queryOperatorsPage } from '@/lib/operators/data';
import { readOperatorFilters } from '@/lib/operators/search-params';
import { paramReader, searchParamsRecord, type ParamIssue } from '@/lib/search-params';
import { filterParamNames } from '@/lib/tables/filters';
import { countStuckQueue } from '@/lib/triage/count';
import { readStuckQuery, STUCK_QUERY_PARAMS } from '@/lib/triage/search-params';
import { defaultThresholdMinutes } from '@/lib/triage/settings';
import { countRecords } from '@/lib/upstream/ra';
import { checkViewHref } from './tables';
import type { SavedView } from './types';

export interface CountDeps {
  db: ConsoleDb;
  upstream: JobsUpstream;
  /** The time the stuck queue's ages are measured at (epoch milliseconds). */
  now: number;
}

/** Thrown when a view's URL does not read as its table's filter. */
export class SavedViewUrlError extends Error {
  constructor(view: Pick<SavedView, 'name'>, reason: string) {
    super(`The saved view “${view.name}” cannot be counted: ${reason}`);
    this.name = 'SavedViewUrlError';
  }
}

/** Refuses a count whose filter parameters the page would have replaced. */
function assertFilterRead(view: SavedView, issues: readonly ParamIssue[], params: readonly string[]): void {
  const bad = issues.filter((issue) => params.includes(issue.param));
  if (bad.length > 0) throw new SavedViewUrlError(view, bad.map((issue) => issue.message).join(' '));
}

export async function countSavedView(deps: CountDeps, view: SavedView): Promise<number> {
  const checked = checkViewHref(view.href);
  if (!checked.ok) throw new SavedViewUrlError(view, checked.message);
  if (checked.table.id !== view.tableId) throw new SavedViewUrlError(view, 'its URL is not its table’s page');
  const raw = searchParamsRecord(new URL(checked.href, 'http://console.invalid').searchParams);
  switch (checked.table.kind) {
    case 'stuck': {
      const reader = paramReader(raw);
      const query = readStuckQuery(reader, defaultThresholdMinutes());
      assertFilterRead(view, reader.finish('page'), STUCK_QUERY_PARAMS);
      return countStuckQueue(await deps.upstream.client(), query, deps.now);
    }
    case 'entity': {
      const entity = declaredEntityView(checked.table.id);
      const { state, issues } = parseListParams(entity, raw);
      assertFilterRead(view, issues, [LIST_PARAMS.q, ...filterParamNames(entity.filters)]);
      return countRecords(await deps.upstream.client(), entity.name, toUpstreamFilter(entity, state));
    }
    case 'audit': {
      const parsed = parseAuditFilters(raw);
      if (!parsed.ok)
        throw new SavedViewUrlError(
          view,
          Object.entries(parsed.errors)
            .map(([param, messages]) => `${param} ${messages?.join(', ')}`)
            .join('; '),
        );
      return (await queryAuditPage(deps.db, parsed.filters, { offset: 0, limit: 1 })).total;
    }
    case 'jobs':
      return (await listJobs(deps.db, { offset: 0, limit: 1 })).total;
    case 'operators': {
      const reader = paramReader(raw);
      const { q, role } = readOperatorFilters(reader);
      assertFilterRead(view, reader.finish('page'), ['q', 'role']);
      const sort = { field: 'email', order: 'asc' } as const;
      return (await queryOperatorsPage(deps.db, { q, role, sort, offset: 0, limit: 1 })).total;
    }
  }
}
