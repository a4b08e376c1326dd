/**
 * Watch rule commands as guarded actions. Support and ops make and edit rules, silence them and
 * acknowledge a firing one (the people first on a problem); viewers read. All of it is the
 * console's own: nothing here calls the service.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { freeText } from '@/lib/free-text';
import { addSilence, endSilence } from '@/lib/watch/silences';
import { acknowledgeRule, createRule, deleteRule, setRuleEnabled, updateRule } from '@/lib/watch/store';
import { watchRuleInputSchema } from '@/lib/watch/types';
import { defineAction } from './guard/define';

const ruleId = z.string().trim().uuid('a rule id is a UUID');

/** The longest silence: a week; longer is switching the rule off. */
export const MAX_SILENCE_MINUTES = 7 * 24 * 60;

export const createWatchRuleAction = defineAction({
  name: 'watch.create',
  requiredRole: 'support',
  input: watchRuleInputSchema.transform((input) => ({ ...input, ruleId: randomUUID() })),
  target: (input) => ({ type: 'watch_rule', ids: [input.ruleId] }),
  run: ({ operator, db }, { ruleId: id, ...input }) => createRule(db, operator, input, id),
  summary: (rule) => `made rule “${rule.name}”`,
});

export const updateWatchRuleAction = defineAction({
  name: 'watch.update',
  requiredRole: 'support',
  input: watchRuleInputSchema.extend({ ruleId }),
  target: (input) => ({ type: 'watch_rule', ids: [input.ruleId] }),
  run: ({ db }, { ruleId: id, ...input }) => updateRule(db, id, input),
  summary: (rule) => `edited rule “${rule.name}”`,
});

export const setWatchRuleEnabledAction = defineAction({
  name: 'watch.set_enabled',
  requiredRole: 'support',
  input: z.object({ ruleId, enabled: z.boolean() }),
  target: (input) => ({ type: 'watch_rule', ids: [input.ruleId] }),
  run: ({ db }, input) => setRuleEnabled(db, input.ruleId, input.enabled),
  summary: (rule) => `${rule.enabled ? 'enabled' : 'disabled'} rule “${rule.name}”`,
});

export const deleteWatchRuleAction = defineAction({
  name: 'watch.delete',
  requiredRole: 'support',
  input: z.object({ ruleId }),
  target: (input) => ({ type: 'watch_rule', ids: [input.ruleId] }),
  run: ({ db }, input) => deleteRule(db, input.ruleId),
  summary: (rule) => `deleted rule “${rule.name}”`,
});

export const acknowledgeWatchRuleAction = defineAction({
  name: 'watch.acknowledge',
  requiredRole: 'support',
  input: z.object({ ruleId }),
  target: (input) => ({ type: 'watch_rule', ids: [input.ruleId] }),
  run: ({ operator, db }, input) => acknowledgeRule(db, input.ruleId, operator.email),
  summary: (rule) => `acknowledged rule “${rule.name}”`,
});

export const silenceWatchRuleAction = defineAction({
  name: 'watch.silence',
  requiredRole: 'support',
  input: z.object({
    ruleId,
    minutes: z.number().int().min(1).max(MAX_SILENCE_MINUTES, 'at most a week'),
    reason: freeText({ min: 1, minMessage: 'say why', max: 500, maxMessage: 'at most 500 characters' }),
  }),
  target: (input) => ({ type: 'watch_rule', ids: [input.ruleId] }),
  run: ({ operator, db }, input) =>
    addSilence(db, {
      ruleId: input.ruleId,
      until: new Date(Date.now() + input.minutes * 60_000),
      reason: input.reason,
      authorEmail: operator.email,
    }),
  summary: (silence) => `silenced until ${silence.until.toISOString()}`,
});

export const endWatchSilenceAction = defineAction({
  name: 'watch.end_silence',
  requiredRole: 'support',
  input: z.object({ silenceId: z.string().trim().uuid('a silence id is a UUID') }),
  target: (input) => ({ type: 'watch_silence', ids: [input.silenceId] }),
  run: ({ operator, db }, input) => endSilence(db, input.silenceId, operator.email),
  summary: (silence) => `ended the silence of rule ${silence.ruleId}`,
});
