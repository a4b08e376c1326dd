/** The rule pages' reads: they open the console database here, never themselves. */
import 'server-only';
import { getConsoleDb } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import { listRuleIncidents, ruleOfIncident } from './episodes';
import { activeSilences, listSilences } from './silences';
import { countFiring, getRule, listEvaluations, listRules, listTransitions } from './store';
import type { WatchTarget } from './types';
import { listSavedViewsFor, getSavedView } from '@/lib/views/store';
import { viewTableById } from '@/lib/views/tables';

/** How far back a rule's page charts its evaluations. */
export const CHART_HOURS = 6;

/** The names of the saved views these targets watch, by view id (a deleted view has none). */
async function viewNames(targets: readonly WatchTarget[]): Promise<Map<string, string>> {
  const db = await getConsoleDb();
  const ids = [...new Set(targets.flatMap((target) => (target.kind === 'view' ? [target.viewId] : [])))];
  const views = await Promise.all(ids.map((id) => getSavedView(db, id)));
  return new Map(views.filter((view) => view !== null).map((view) => [view.id, view.name]));
}

/** The watched view's name, null for a stuck target or a deleted view. */
export function viewNameOf(target: WatchTarget, names: ReadonlyMap<string, string>): string | null {
  return target.kind === 'view' ? (names.get(target.viewId) ?? null) : null;
}

export async function readRulesPage(now: number) {
  const db = await getConsoleDb();
  const [rules, silences] = await Promise.all([listRules(db), activeSilences(db, new Date(now))]);
  const names = await viewNames(rules.map((rule) => rule.target));
  return rules.map((rule) => ({
    rule,
    silence: silences.get(rule.id) ?? null,
    viewName: viewNameOf(rule.target, names),
  }));
}

/** The saved views the operator may watch (their own and the shared ones), for the rule form. */
export async function readWatchableViews(operator: { id: string }) {
  const views = await listSavedViewsFor(await getConsoleDb(), operator);
  return views.map((view) => ({
    id: view.id,
    name: view.name,
    table: viewTableById(view.tableId)?.label ?? view.tableId,
  }));
}

export async function readRule(id: string, now: number) {
  const db = await getConsoleDb();
  const rule = await getRule(db, id);
  if (!rule) return null;
  const [evaluations, transitions, silences, incidents, view] = await Promise.all([
    listEvaluations(db, id, new Date(now - CHART_HOURS * 3_600_000)),
    listTransitions(db, id),
    listSilences(db, id),
    listRuleIncidents(db, id),
    rule.target.kind === 'view' ? getSavedView(db, rule.target.viewId) : null,
  ]);
  return {
    rule,
    /** The watched view's name and URL, when it watches one that exists. */
    view: view ? { name: view.name, href: view.href } : null,
    evaluations,
    transitions,
    silences,
    incidents,
  };
}

/** The sidebar's count of firing rules; 0 when the database does not answer (the page says so itself). */
export async function firingRuleCount(): Promise<number> {
  return countFiring(await getConsoleDb()).catch((error: unknown) => {
    logger('watch-rules').error({ err: error }, 'could not count the firing rules');
    return 0;
  });
}

/** The rule that opened an incident, for the incident's page. */
export async function readIncidentRule(incidentId: string) {
  return ruleOfIncident(await getConsoleDb(), incidentId);
}
