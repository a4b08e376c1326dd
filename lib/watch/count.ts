/**
 * What a rule counts, read from the service or the console's own tables: the one place the
 * evaluator turns a target into a number, and the scope an incident it opens gets.
 */
import type { ConsoleDb, Queryable } from '@/lib/db';
import { scopeOfStuckQuery } from '@/lib/incidents/hrefs';
import { scopedStuckFilter } from '@/lib/incidents/scope-read';
import { incidentScopeSchema, type IncidentScope } from '@/lib/incidents/types';
import type { JobsUpstream } from '@/lib/jobs/runner';
import { paramReader, searchParamsRecord } from '@/lib/search-params';
import { readStuckQuery } from '@/lib/triage/search-params';
import { countRecords } from '@/lib/upstream/ra';
import { countSavedView } from '@/lib/views/count';
import { getSavedView } from '@/lib/views/store';
import { viewTableById } from '@/lib/views/tables';
import type { SavedView } from '@/lib/views/types';
import type { WatchTarget } from './types';

export interface CountContext {
  db: ConsoleDb;
  upstream: JobsUpstream;
  /** The console's stuck threshold, minutes, for a scope that sets none. */
  defaultThreshold: number;
  now: number;
}

/** The saved view a target watches; a deleted one is an error (its evaluations are unknown). */
export async function targetView(db: Queryable, target: Extract<WatchTarget, { kind: 'view' }>): Promise<SavedView> {
  const view = await getSavedView(db, target.viewId);
  if (!view) throw new Error('the saved view it watches was deleted');
  return view;
}

export async function countTarget(target: WatchTarget, context: CountContext): Promise<number> {
  if (target.kind === 'view')
    return countSavedView(
      { db: context.db, upstream: context.upstream, now: context.now },
      await targetView(context.db, target),
    );
  return countRecords(
    await context.upstream.client(),
    'messages',
    scopedStuckFilter(target.scope, context.defaultThreshold, context.now),
  );
}

const WHOLE_SERVICE: IncidentScope = incidentScopeSchema.parse({});

/**
 * The scope of an incident a rule opens: a stuck target's scope, a stuck view's filter; a view
 * of another table has no stuck scope, so its incident concerns the whole service.
 */
export async function incidentScopeOf(db: Queryable, target: WatchTarget, defaultThreshold: number) {
  if (target.kind === 'stuck') return target.scope;
  const view = await getSavedView(db, target.viewId);
  if (!view || viewTableById(view.tableId)?.kind !== 'stuck') return WHOLE_SERVICE;
  const raw = searchParamsRecord(new URL(view.href, 'http://console.invalid').searchParams);
  const scope = scopeOfStuckQuery(readStuckQuery(paramReader(raw), defaultThreshold));
  return incidentScopeSchema.parse(scope);
}
