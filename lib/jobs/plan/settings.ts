/**
 * The dry run's settings, read from the environment:
 * - JOB_INLINE_PLAN_LIMIT: a dry run over a filter matching more records than this is read by the
 *   runners in the background (background.ts) instead of inside the operator's request; the
 *   dialog then sends the operator to the job page, which shows the read's progress. Smaller
 *   selections keep the instant dry run in the dialog.
 * - JOB_PLAN_PAGE_SIZE: records per read of a filter (the service's page; one page is what a dry
 *   run holds in memory).
 */
import { z } from 'zod';
import { DEFAULT_PLAN_PAGE_SIZE } from './read-selection';

export const DEFAULT_INLINE_PLAN_LIMIT = 2000;

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
export const planEnvSchema = z.object({
  JOB_INLINE_PLAN_LIMIT: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(0).max(10_000_000).default(DEFAULT_INLINE_PLAN_LIMIT),
  ),
  JOB_PLAN_PAGE_SIZE: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(1).max(1000).default(DEFAULT_PLAN_PAGE_SIZE),
  ),
});

export interface PlanSettings {
  inlineLimit: number;
  pageSize: number;
}

/** The settings from the environment; throws one readable error naming every bad one. */
export function planSettings(env: Record<string, string | undefined> = process.env): PlanSettings {
  const parsed = planEnvSchema.safeParse({
    JOB_INLINE_PLAN_LIMIT: env.JOB_INLINE_PLAN_LIMIT,
    JOB_PLAN_PAGE_SIZE: env.JOB_PLAN_PAGE_SIZE,
  });
  if (!parsed.success)
    throw new Error(
      `Invalid dry-run settings: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  return { inlineLimit: parsed.data.JOB_INLINE_PLAN_LIMIT, pageSize: parsed.data.JOB_PLAN_PAGE_SIZE };
}
