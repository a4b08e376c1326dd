/** The rule pages' reads: they open the console database here, never themselves. */
import 'server-only';
import { getConsoleDb } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import { listRuleIncidents, ruleOfIncident } from './episodes';
import { activeSilences, listSilences } from './silences';
import { countFiring, getRule, listEvaluations, listRules, listTransitions } from './store';

/** How far back a rule's page charts its evaluations. */
export const CHART_HOURS = 6;

export async function readRulesPage(now: number) {
  const db = await getConsoleDb();
  const [rules, silences] = await Promise.all([listRules(db), activeSilences(db, new Date(now))]);
  return rules.map((rule) => ({ rule, silence: silences.get(rule.id) ?? null }));
}

export async function readRule(id: string, now: number) {
  const db = await getConsoleDb();
  const rule = await getRule(db, id);
  if (!rule) return null;
  const [evaluations, transitions, silences, incidents] = await Promise.all([
    listEvaluations(db, id, new Date(now - CHART_HOURS * 3_600_000)),
    listTransitions(db, id),
    listSilences(db, id),
    listRuleIncidents(db, id),
  ]);
  return { rule, evaluations, transitions, silences, incidents };
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
