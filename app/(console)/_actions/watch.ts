'use server';

import type { ActionResult } from '@/lib/actions/guard/define';
import { performAction } from '@/lib/actions/guard/server';
import {
  acknowledgeWatchRuleAction,
  createWatchRuleAction,
  deleteWatchRuleAction,
  endWatchSilenceAction,
  setWatchRuleEnabledAction,
  silenceWatchRuleAction,
  updateWatchRuleAction,
} from '@/lib/actions/watch';

type RuleResult = ActionResult<{ ruleId: string }>;
const asRule = (result: ActionResult<{ id: string }>): RuleResult =>
  result.ok ? { ...result, data: { ruleId: result.data.id } } : result;

export async function createWatchRule(input: unknown): Promise<RuleResult> {
  return asRule(await performAction(createWatchRuleAction, input));
}

export async function updateWatchRule(input: unknown): Promise<RuleResult> {
  return asRule(await performAction(updateWatchRuleAction, input));
}

export async function setWatchRuleEnabled(input: unknown): Promise<RuleResult> {
  return asRule(await performAction(setWatchRuleEnabledAction, input));
}

export async function deleteWatchRule(input: unknown): Promise<RuleResult> {
  return asRule(await performAction(deleteWatchRuleAction, input));
}

export async function acknowledgeWatchRule(input: unknown): Promise<RuleResult> {
  return asRule(await performAction(acknowledgeWatchRuleAction, input));
}

export async function silenceWatchRule(input: unknown): Promise<ActionResult<{ silenceId: string }>> {
  const result = await performAction(silenceWatchRuleAction, input);
  return result.ok ? { ...result, data: { silenceId: result.data.id } } : result;
}

export async function endWatchSilence(input: unknown): Promise<ActionResult<{ silenceId: string }>> {
  const result = await performAction(endWatchSilenceAction, input);
  return result.ok ? { ...result, data: { silenceId: result.data.id } } : result;
}
