/**
 * Watch rules in the console database: make, edit, switch off and delete them, acknowledge a
 * firing one, and the reads of their pages. Evaluation writes go through ./episodes.ts.
 */
import { randomUUID } from 'node:crypto';
import type { ConsoleDb, Queryable } from '@/lib/db';
import { readCache } from '@/lib/db/read-cache';
import { ActionRejectedError } from '@/lib/rejected';
import {
  evaluationRowSchema,
  transitionRowSchema,
  WATCH_RULE_COLUMNS,
  watchRuleRowSchema,
  type WatchEvaluation,
  type WatchRule,
  type WatchRuleInput,
  type WatchTransition,
} from './types';

/** The sidebar's count of firing rules, on every console page (lib/db/read-cache.ts). */
const firingCount = readCache<'all', number>('watch-firing');

/** Called after every write that may change which rules fire. */
export function forgetFiringCount(): void {
  firingCount.forget();
}

export interface RuleOwner {
  id: string;
  email: string;
}

/**
 * What an operator sets, as the query parameters after the rule's id in both the insert and the
 * update: name, target, condition, recovery margin, incident severity, enabled.
 */
const settingsParams = (input: WatchRuleInput) => [
  input.name,
  JSON.stringify(input.target),
  JSON.stringify(input.condition),
  input.recoveryMargin,
  input.incidentSeverity,
  input.enabled,
];

async function insertRule(
  tx: Queryable,
  owner: RuleOwner,
  input: WatchRuleInput,
  options: { id: string; dashboardDefault: boolean },
): Promise<WatchRule> {
  // Any rule made marks the database seeded: the dashboard's default rule is for a first start only.
  await tx.query(`INSERT INTO watch_rules_seeded (id) VALUES (1) ON CONFLICT (id) DO NOTHING`);
  const [row] = await tx.query(
    `INSERT INTO watch_rules (id, name, target, condition, recovery_margin, incident_severity, enabled, owner_id, owner_email, dashboard_default)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7, $8, $9, $10) RETURNING ${WATCH_RULE_COLUMNS}`,
    [options.id, ...settingsParams(input), owner.id, owner.email, options.dashboardDefault],
  );
  return watchRuleRowSchema.parse(row);
}

export async function createRule(
  db: ConsoleDb,
  owner: RuleOwner,
  input: WatchRuleInput,
  id: string = randomUUID(),
): Promise<WatchRule> {
  const rule = await db.transaction((tx) => insertRule(tx, owner, input, { id, dashboardDefault: false }));
  forgetFiringCount();
  return rule;
}

/**
 * Makes the dashboard's rule from its alert count when no rule was ever made: the claim of the
 * seeded row makes it one rule however many consoles start together. Null when it was not made.
 */
export async function seedDashboardRule(db: ConsoleDb, input: WatchRuleInput): Promise<WatchRule | null> {
  const rule = await db.transaction(async (tx) => {
    const claimed = await tx.query(
      `INSERT INTO watch_rules_seeded (id) VALUES (1) ON CONFLICT (id) DO NOTHING RETURNING id`,
    );
    if (claimed.length === 0) return null;
    return insertRule(tx, { id: 'console', email: 'the console (first start)' }, input, {
      id: randomUUID(),
      dashboardDefault: true,
    });
  });
  forgetFiringCount();
  return rule;
}

/** Edits what an operator sets; a changed condition starts the rule over from ok. */
export async function updateRule(db: ConsoleDb, id: string, input: WatchRuleInput): Promise<WatchRule> {
  const rule = await db.transaction(async (tx) => {
    const current = await lockRule(tx, id);
    const conditionChanged =
      JSON.stringify(current.condition) !== JSON.stringify(input.condition) ||
      JSON.stringify(current.target) !== JSON.stringify(input.target);
    const [row] = await tx.query(
      `UPDATE watch_rules SET name = $2, target = $3::jsonb, condition = $4::jsonb, recovery_margin = $5,
         incident_severity = $6, enabled = $7, updated_at = now(),
         state = CASE WHEN $8 THEN 'ok' ELSE state END,
         state_since = CASE WHEN $8 THEN now() ELSE state_since END,
         holding_since = CASE WHEN $8 THEN NULL ELSE holding_since END,
         acknowledged_at = CASE WHEN $8 THEN NULL ELSE acknowledged_at END,
         acknowledged_by_email = CASE WHEN $8 THEN NULL ELSE acknowledged_by_email END
       WHERE id = $1 RETURNING ${WATCH_RULE_COLUMNS}`,
      [id, ...settingsParams(input), conditionChanged],
    );
    return watchRuleRowSchema.parse(row);
  });
  forgetFiringCount();
  return rule;
}

export async function setRuleEnabled(db: Queryable, id: string, enabled: boolean): Promise<WatchRule> {
  const [row] = await db.query(
    `UPDATE watch_rules SET enabled = $2, updated_at = now() WHERE id = $1 RETURNING ${WATCH_RULE_COLUMNS}`,
    [id, enabled],
  );
  forgetFiringCount();
  if (!row) throw notFound(id);
  return watchRuleRowSchema.parse(row);
}

export async function deleteRule(db: Queryable, id: string): Promise<{ id: string; name: string }> {
  const [row] = await db.query<{ id: string; name: string }>(
    `DELETE FROM watch_rules WHERE id = $1 RETURNING id, name`,
    [id],
  );
  forgetFiringCount();
  if (!row) throw notFound(id);
  return row;
}

/** Acknowledges a firing rule: who is on it. Cleared when it resolves. */
export async function acknowledgeRule(db: ConsoleDb, id: string, email: string): Promise<WatchRule> {
  return db.transaction(async (tx) => {
    const rule = await lockRule(tx, id);
    if (rule.state !== 'firing')
      throw new ActionRejectedError(
        `“${rule.name}” is ${rule.state}: only a firing rule is acknowledged.`,
        'not_firing',
      );
    if (rule.acknowledged)
      throw new ActionRejectedError(`${rule.acknowledged.by} acknowledged it already.`, 'acknowledged');
    const [row] = await tx.query(
      `UPDATE watch_rules SET acknowledged_by_email = $2, acknowledged_at = now() WHERE id = $1 RETURNING ${WATCH_RULE_COLUMNS}`,
      [id, email],
    );
    return watchRuleRowSchema.parse(row);
  });
}

function notFound(id: string) {
  return new ActionRejectedError(`There is no watch rule ${id}.`, 'not_found');
}

export async function lockRule(tx: Queryable, id: string): Promise<WatchRule> {
  const [row] = await tx.query(`SELECT ${WATCH_RULE_COLUMNS} FROM watch_rules WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw notFound(id);
  return watchRuleRowSchema.parse(row);
}

export async function getRule(db: Queryable, id: string): Promise<WatchRule | null> {
  const [row] = await db.query(`SELECT ${WATCH_RULE_COLUMNS} FROM watch_rules WHERE id = $1`, [id]);
  return row ? watchRuleRowSchema.parse(row) : null;
}

/** Firing first, then pending, then the rest; by name within each. */
export async function listRules(db: Queryable, options: { enabledOnly?: boolean } = {}): Promise<WatchRule[]> {
  const rows = await db.query(
    `SELECT ${WATCH_RULE_COLUMNS} FROM watch_rules ${options.enabledOnly ? 'WHERE enabled' : ''}
     ORDER BY CASE state WHEN 'firing' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END, lower(name), id`,
  );
  return rows.map((row) => watchRuleRowSchema.parse(row));
}

/** Enabled rules firing or pending, firing first (the dashboard leads with them). */
export async function listFiringAndPending(db: Queryable, limit: number): Promise<WatchRule[]> {
  const rows = await db.query(
    `SELECT ${WATCH_RULE_COLUMNS} FROM watch_rules WHERE enabled AND state IN ('firing', 'pending')
     ORDER BY CASE state WHEN 'firing' THEN 0 ELSE 1 END, state_since, id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => watchRuleRowSchema.parse(row));
}

/** How many enabled rules fire now (the sidebar's count). */
export async function countFiring(db: Queryable, now = Date.now()): Promise<number> {
  return firingCount.read(
    db,
    'all',
    async () => {
      const [row] = await db.query<{ firing: number }>(
        `SELECT count(*)::int AS firing FROM watch_rules WHERE enabled AND state = 'firing'`,
      );
      return row?.firing ?? 0;
    },
    now,
  );
}

/** The dashboard's rule (made on a first start), or null when it was deleted. */
export async function getDashboardRule(db: Queryable): Promise<WatchRule | null> {
  const [row] = await db.query(`SELECT ${WATCH_RULE_COLUMNS} FROM watch_rules WHERE dashboard_default`);
  return row ? watchRuleRowSchema.parse(row) : null;
}

/** The rule's evaluations since `since`, oldest first. */
export async function listEvaluations(db: Queryable, ruleId: string, since: Date): Promise<WatchEvaluation[]> {
  const rows = await db.query(
    `SELECT slot, count, error, state_after FROM watch_rule_evaluations WHERE rule_id = $1 AND slot >= $2 ORDER BY slot`,
    [ruleId, since.toISOString()],
  );
  return rows.map((row) => evaluationRowSchema.parse(row));
}

/** The rule's state changes, newest first. */
export async function listTransitions(db: Queryable, ruleId: string, limit = 100): Promise<WatchTransition[]> {
  const rows = await db.query(
    `SELECT id::text AS id, slot, from_state, to_state, count, silenced, occurred_at FROM watch_rule_transitions
     WHERE rule_id = $1 ORDER BY slot DESC, id DESC LIMIT $2`,
    [ruleId, limit],
  );
  return rows.map((row) => transitionRowSchema.parse(row));
}

/** Deletes evaluations and state changes older than the retention, as the stuck samples are; returns how many. */
export async function pruneEvaluations(db: Queryable, retentionDays: number, now: Date): Promise<number> {
  const cutoff = `$1::timestamptz - make_interval(days => $2)`;
  const [evaluations, transitions] = await Promise.all([
    db.query(`DELETE FROM watch_rule_evaluations WHERE slot < ${cutoff} RETURNING 1`, [
      now.toISOString(),
      retentionDays,
    ]),
    db.query(`DELETE FROM watch_rule_transitions WHERE slot < ${cutoff} RETURNING 1`, [
      now.toISOString(),
      retentionDays,
    ]),
  ]);
  return evaluations.length + transitions.length;
}
