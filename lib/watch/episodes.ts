/**
 * One evaluation's writes. The slot is claimed first (INSERT ... ON CONFLICT DO NOTHING, as the
 * stuck sampler claims its minutes), so exactly one console reads the count of a rule per slot;
 * then one transaction locks the rule, steps its state machine, records the evaluation, the
 * state change, the `rule.state` notification event (unless silenced) and, when a firing
 * episode opens an incident, the link that claims it.
 */
import { randomUUID } from 'node:crypto';
import type { ConsoleDb, Queryable } from '@/lib/db';
import { addIncidentNote, getIncident, openIncident } from '@/lib/incidents/store';
import type { IncidentActor, IncidentScope } from '@/lib/incidents/types';
import { getSavedView } from '@/lib/views/store';
import { recordNotificationEvent } from '@/lib/notifications/events';
import { describeCondition } from './describe';
import { step, type WatchReading } from './machine';
import { ruleHref } from './paths';
import { isSilenced } from './silences';
import { forgetFiringCount, lockRule } from './store';
import { WATCH_RULE_COLUMNS, watchRuleRowSchema, type WatchRule } from './types';
import type { WatchRuleState } from './states';

/** Takes the rule's slot; true when this caller took it (and must read and record it). */
export async function claimEvaluation(db: Queryable, ruleId: string, slot: Date, instanceId: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO watch_rule_evaluations (rule_id, slot, claimed_by) SELECT id, $2, $3 FROM watch_rules WHERE id = $1
     ON CONFLICT (rule_id, slot) DO NOTHING RETURNING slot`,
    [ruleId, slot.toISOString(), instanceId],
  );
  return rows.length === 1;
}

/**
 * The mean count of the rule's evaluations in the hour a day before `slot`'s hour; null when
 * none has a count (the rule is new, or every read then failed).
 */
export async function sameHourYesterday(db: Queryable, ruleId: string, slot: Date): Promise<number | null> {
  const hour = Math.floor(slot.getTime() / 3_600_000) * 3_600_000 - 86_400_000;
  const [row] = await db.query<{ mean: number | null }>(
    `SELECT avg(count)::float8 AS mean FROM watch_rule_evaluations WHERE rule_id = $1 AND slot >= $2 AND slot < $3 AND count IS NOT NULL`,
    [ruleId, new Date(hour).toISOString(), new Date(hour + 3_600_000).toISOString()],
  );
  return row?.mean ?? null;
}

export interface AppliedReading {
  rule: WatchRule;
  from: WatchRuleState;
  to: WatchRuleState;
  /** Set when this evaluation opened a firing episode whose rule opens incidents: the incident's id. */
  openIncidentId: string | null;
  /** Set when this evaluation resolved an episode that opened an incident. */
  resolvedIncidentId: string | null;
}

/**
 * Records the claimed slot's reading and the state it leads to. A reading of a slot older than
 * the rule's last one (a slow console finishing late) is kept in the history but moves nothing.
 */
export async function applyReading(
  db: ConsoleDb,
  ruleId: string,
  slot: Date,
  reading: WatchReading,
  now: Date,
): Promise<AppliedReading> {
  const applied = await db.transaction(async (tx): Promise<AppliedReading> => {
    const rule = await lockRule(tx, ruleId);
    const stale = rule.lastSlot !== null && rule.lastSlot >= slot;
    const next = stale
      ? {
          state: rule.state,
          holdingSince: rule.holdingSince,
          unknown: reading.kind === 'unknown' ? reading.error : null,
        }
      : step(rule.condition, rule.recoveryMargin, rule, reading, slot);
    const count = reading.kind === 'count' ? reading.count : null;
    const error = reading.kind === 'unknown' ? reading.error : next.unknown;
    await tx.query(
      `UPDATE watch_rule_evaluations SET count = $3, error = $4, state_after = $5, evaluated_at = now() WHERE rule_id = $1 AND slot = $2`,
      [ruleId, slot.toISOString(), count, error?.slice(0, 500) ?? null, next.state],
    );
    const result: AppliedReading = {
      rule,
      from: rule.state,
      to: next.state,
      openIncidentId: null,
      resolvedIncidentId: null,
    };
    if (stale) return result;
    const changed = next.state !== rule.state;
    const firing = changed && next.state === 'firing';
    const [row] = await tx.query(
      `UPDATE watch_rules SET state = $2, holding_since = $3, last_slot = $4, last_count = coalesce($5, last_count), last_error = $6,
         state_since = CASE WHEN $7 THEN $8::timestamptz ELSE state_since END,
         episode_slot = CASE WHEN $9 THEN $4::timestamptz ELSE episode_slot END,
         acknowledged_at = CASE WHEN $2 = 'firing' THEN acknowledged_at ELSE NULL END,
         acknowledged_by_email = CASE WHEN $2 = 'firing' THEN acknowledged_by_email ELSE NULL END
       WHERE id = $1 RETURNING ${WATCH_RULE_COLUMNS}`,
      [
        ruleId,
        next.state,
        next.holdingSince?.toISOString() ?? null,
        slot.toISOString(),
        count,
        error?.slice(0, 500) ?? null,
        changed,
        now.toISOString(),
        firing,
      ],
    );
    result.rule = watchRuleRowSchema.parse(row);
    if (!changed || count === null) return result;
    const told = next.state === 'firing' || next.state === 'resolved';
    const silenced = told && (await isSilenced(tx, ruleId, now));
    await tx.query(
      `INSERT INTO watch_rule_transitions (rule_id, slot, from_state, to_state, count, silenced, occurred_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [ruleId, slot.toISOString(), rule.state, next.state, count, silenced, now.toISOString()],
    );
    if (told && !silenced) {
      await recordNotificationEvent(
        tx,
        {
          kind: 'rule.state',
          ruleId,
          ruleName: rule.name,
          from: rule.state,
          to: next.state,
          count,
          condition: describeCondition(rule.condition),
          path: ruleHref(ruleId),
          viewPath: rule.target.kind === 'view' ? ((await getSavedView(tx, rule.target.viewId))?.href ?? null) : null,
        },
        `rule:${ruleId}:${next.state}:${slot.toISOString()}`,
      );
    }
    if (firing && rule.incidentSeverity) {
      result.openIncidentId = randomUUID();
      await tx.query(`INSERT INTO watch_rule_incidents (rule_id, episode_slot, incident_id) VALUES ($1, $2, $3)`, [
        ruleId,
        slot.toISOString(),
        result.openIncidentId,
      ]);
    }
    if (next.state === 'resolved' && rule.episodeSlot) {
      const [link] = await tx.query<{ incident_id: string }>(
        `UPDATE watch_rule_incidents SET resolved_note_at = now() WHERE rule_id = $1 AND episode_slot = $2 AND resolved_note_at IS NULL RETURNING incident_id`,
        [ruleId, rule.episodeSlot.toISOString()],
      );
      result.resolvedIncidentId = link?.incident_id ?? null;
    }
    return result;
  });
  if (applied.from !== applied.to) forgetFiringCount();
  return applied;
}

/** Who a rule's incidents and notes are by on the incident's timeline. */
export function ruleActor(rule: WatchRule): IncidentActor {
  return { id: `watch-rule:${rule.id}`, email: `watch rule “${rule.name}”` };
}

/**
 * Opens the incident a firing episode claimed. Its id was fixed in the claim, so a second try
 * (by this console or another) cannot open a second one: the insert of the same id fails.
 */
export async function openEpisodeIncident(
  db: ConsoleDb,
  rule: WatchRule,
  incidentId: string,
  count: number,
  scope: IncidentScope,
) {
  if (!rule.incidentSeverity || (await getIncident(db, incidentId))) return;
  await openIncident(db, ruleActor(rule), {
    id: incidentId,
    title: `${rule.name}: ${count.toLocaleString('en-US')} ${describeCondition(rule.condition)}`,
    severity: rule.incidentSeverity,
    scope,
    affectedAtOpen: null,
  });
}

export async function noteEpisodeResolved(db: ConsoleDb, rule: WatchRule, incidentId: string, count: number) {
  if (!(await getIncident(db, incidentId))) return;
  await addIncidentNote(
    db,
    ruleActor(rule),
    incidentId,
    `The watch rule “${rule.name}” resolved: the count is ${count.toLocaleString('en-US')} (${describeCondition(rule.condition)}).`,
  );
}

export interface RuleIncidentLink {
  incidentId: string;
  title: string | null;
  status: string | null;
  episodeSlot: Date;
}

/** The incidents a rule opened, newest episode first (a missing incident has no title). */
export async function listRuleIncidents(db: Queryable, ruleId: string): Promise<RuleIncidentLink[]> {
  const rows = await db.query<{ incident_id: string; title: string | null; status: string | null; episode_slot: Date }>(
    `SELECT l.incident_id, i.title, i.status, l.episode_slot FROM watch_rule_incidents l LEFT JOIN incidents i ON i.id = l.incident_id
     WHERE l.rule_id = $1 ORDER BY l.episode_slot DESC LIMIT 20`,
    [ruleId],
  );
  return rows.map((row) => ({
    incidentId: row.incident_id,
    title: row.title,
    status: row.status,
    episodeSlot: row.episode_slot,
  }));
}

/** The rule that opened an incident, for the incident's page. */
export async function ruleOfIncident(db: Queryable, incidentId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db.query<{ id: string; name: string }>(
    `SELECT r.id, r.name FROM watch_rule_incidents l JOIN watch_rules r ON r.id = l.rule_id WHERE l.incident_id = $1`,
    [incidentId],
  );
  return row ?? null;
}
