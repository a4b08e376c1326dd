/**
 * The states a watch rule moves through. A rule is `ok` until its condition holds, `pending`
 * while it holds for less than the rule's duration, `firing` once it has held that long, and
 * `resolved` when the count has come back past the recovery margin; a resolved rule is `ok`
 * again at its next evaluation that does not hold. Shared by the rules and by the notification
 * events that report their changes.
 */
import { z } from 'zod';

export const WATCH_RULE_STATES = ['ok', 'pending', 'firing', 'resolved'] as const;
export const watchRuleStateSchema = z.enum(WATCH_RULE_STATES);
export type WatchRuleState = z.output<typeof watchRuleStateSchema>;
