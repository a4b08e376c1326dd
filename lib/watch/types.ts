/**
 * The watch rule model: what a rule counts (its target), when it holds (its condition), and the
 * rows as callers see them. Zod at the edges: the actions parse their input with these, the
 * store parses what it reads back.
 */
import { z } from 'zod';
import { incidentScopeSchema } from '@/lib/incidents/types';
import { INCIDENT_SEVERITIES } from '@/lib/incidents/values';
import { freeText } from '@/lib/free-text';
import { watchRuleStateSchema } from './states';

/**
 * A stuck count: the messages stuck in the scope's statuses (every non-terminal one when it names
 * none) for longer than its threshold (the console's default when unset), in its workspaces and
 * channels.
 */
export const stuckTargetSchema = z.object({ kind: z.literal('stuck'), scope: incidentScopeSchema });
/** A saved view's count: the rows its table shows for its filter (lib/views/count.ts). */
export const viewTargetSchema = z.object({ kind: z.literal('view'), viewId: z.uuid('a view id is a UUID') });
export const watchTargetSchema = z.discriminatedUnion('kind', [stuckTargetSchema, viewTargetSchema]);
export type WatchTarget = z.output<typeof watchTargetSchema>;

const count = z.number().int().min(0).max(1_000_000_000);

export const watchConditionSchema = z.discriminatedUnion('kind', [
  /** The count is above `count` for `forMinutes` (0: fires at the first evaluation that holds). */
  z.object({ kind: z.literal('above'), count, forMinutes: z.number().int().min(0).max(1440) }),
  /** The count is more than `percent` % above the same hour yesterday's. */
  z.object({ kind: z.literal('rise'), percent: z.number().min(1).max(100_000) }),
  /** Any row at all. */
  z.object({ kind: z.literal('any') }),
]);
export type WatchCondition = z.output<typeof watchConditionSchema>;

/** What an operator sets on a rule: create and edit take the same. */
export const watchRuleInputSchema = z.object({
  name: freeText({ min: 1, minMessage: 'a name is required', max: 120, maxMessage: 'at most 120 characters' }),
  target: watchTargetSchema,
  condition: watchConditionSchema,
  /**
   * How far back past the line the count (or the rise, in points) must fall before a firing rule
   * resolves, so that a count hovering at the line does not fire and resolve by turns.
   */
  recoveryMargin: z.number().min(0).max(1_000_000_000).default(0),
  /** Open an incident of this severity when the rule fires; null: do not. */
  incidentSeverity: z.enum(INCIDENT_SEVERITIES).nullable().default(null),
  enabled: z.boolean().default(true),
});
export type WatchRuleInput = z.output<typeof watchRuleInputSchema>;

export const WATCH_RULE_COLUMNS =
  'id, name, target, condition, recovery_margin, incident_severity, enabled, owner_email, dashboard_default, state, state_since, holding_since, episode_slot, last_slot, last_count, last_error, acknowledged_by_email, acknowledged_at, created_at';

export const watchRuleRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    target: watchTargetSchema,
    condition: watchConditionSchema,
    recovery_margin: z.coerce.number(),
    incident_severity: z.enum(INCIDENT_SEVERITIES).nullable(),
    enabled: z.boolean(),
    owner_email: z.string(),
    dashboard_default: z.boolean(),
    state: watchRuleStateSchema,
    state_since: z.date(),
    holding_since: z.date().nullable(),
    episode_slot: z.date().nullable(),
    last_slot: z.date().nullable(),
    last_count: z.number().int().nullable(),
    last_error: z.string().nullable(),
    acknowledged_by_email: z.string().nullable(),
    acknowledged_at: z.date().nullable(),
    created_at: z.date(),
  })
  .transform((row) => ({
    id: row.id,
    name: row.name,
    target: row.target,
    condition: row.condition,
    recoveryMargin: row.recovery_margin,
    incidentSeverity: row.incident_severity,
    enabled: row.enabled,
    ownerEmail: row.owner_email,
    dashboardDefault: row.dashboard_default,
    state: row.state,
    stateSince: row.state_since,
    /** Since when the condition has held without a break (null while it does not). */
    holdingSince: row.holding_since,
    /** The slot the current or last firing episode began in. */
    episodeSlot: row.episode_slot,
    lastSlot: row.last_slot,
    lastCount: row.last_count,
    lastError: row.last_error,
    acknowledged: row.acknowledged_at ? { by: row.acknowledged_by_email ?? '', at: row.acknowledged_at } : null,
    createdAt: row.created_at,
  }));
export type WatchRule = z.output<typeof watchRuleRowSchema>;

export const evaluationRowSchema = z
  .object({
    slot: z.date(),
    count: z.number().int().nullable(),
    error: z.string().nullable(),
    state_after: watchRuleStateSchema.nullable(),
  })
  .transform((row) => ({ slot: row.slot, count: row.count, error: row.error, stateAfter: row.state_after }));
export type WatchEvaluation = z.output<typeof evaluationRowSchema>;

export const transitionRowSchema = z
  .object({
    id: z.string(),
    slot: z.date(),
    from_state: watchRuleStateSchema,
    to_state: watchRuleStateSchema,
    count: z.number().int(),
    silenced: z.boolean(),
    occurred_at: z.date(),
  })
  .transform((row) => ({
    id: row.id,
    slot: row.slot,
    from: row.from_state,
    to: row.to_state,
    count: row.count,
    /** A silence was on: the change was not told to anyone. */
    silenced: row.silenced,
    at: row.occurred_at,
  }));
export type WatchTransition = z.output<typeof transitionRowSchema>;

export const silenceRowSchema = z
  .object({
    id: z.string(),
    rule_id: z.string(),
    starts_at: z.date(),
    until: z.date(),
    reason: z.string(),
    author_email: z.string(),
    ended_at: z.date().nullable(),
    ended_by_email: z.string().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    ruleId: row.rule_id,
    startsAt: row.starts_at,
    until: row.until,
    reason: row.reason,
    authorEmail: row.author_email,
    endedAt: row.ended_at,
    endedByEmail: row.ended_by_email,
  }));
export type WatchSilence = z.output<typeof silenceRowSchema>;

/** Whether a silence is on at `now`: started, not past its expiry, not ended early. */
export function silenceActive(silence: WatchSilence, now: Date): boolean {
  return silence.endedAt === null && silence.startsAt <= now && silence.until > now;
}
