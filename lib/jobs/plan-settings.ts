/**
 * JOB_INLINE_PLAN_LIMIT: a dry run over a filter matching more records than this is read by the
 * runners in the background (plan-background.ts) instead of inside the operator's request; the
 * dialog then sends the operator to the job page, which shows the reading's progress. Smaller
 * selections keep the instant dry run in the dialog.
 */
import { z } from 'zod';

export const DEFAULT_INLINE_PLAN_LIMIT = 2000;

const limitSchema = z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(10_000_000).default(DEFAULT_INLINE_PLAN_LIMIT));

/** The limit from the environment; throws a readable error when it is not a whole number. */
export function inlinePlanLimit(env: Record<string, string | undefined> = process.env): number {
  const parsed = limitSchema.safeParse(env.JOB_INLINE_PLAN_LIMIT);
  if (!parsed.success) throw new Error(`Invalid JOB_INLINE_PLAN_LIMIT: ${parsed.error.issues[0]?.message ?? 'not a whole number'}`);
  return parsed.data;
}
