/**
 * One schema over every setting the console reads, checked before anything starts: `npm start`
 * checks it before it spawns anything, the production server (and `next dev`) when it starts
 * (./start.ts). A bad or missing value stops the start with every problem listed at once, each
 * with the setting's name and what it accepts. The parts keep their own schemas, next to the
 * code that reads them; this composes them.
 */
import { z } from 'zod';
import { approvalEnvSchema } from '@/lib/approvals/policy';
import { consoleDbEnvSchema } from '@/lib/db/settings';
import { consoleEnvSchema } from '@/lib/env';
import { exportEnvSchema } from '@/lib/export/limits';
import { planEnvSchema } from '@/lib/jobs/plan';
import { jobsEnvSchema } from '@/lib/jobs/runner';
import { notificationEnvSchema } from '@/lib/notifications/settings';
import { observabilityEnvSchema } from '@/lib/observability/settings';
import { watchEnvSchema } from '@/lib/watch/settings';

const wholeNumber = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();

/** Settings read leniently where they are used (a bad value falls back there); strict here. */
const serverEnvSchema = z.object({
  CONSOLE_HOST: z.string().min(1).optional(),
  CONSOLE_PORT: wholeNumber(1, 65_535),
  CONSOLE_COMPRESS: z.enum(['on', 'off']).optional(),
  STUCK_SAMPLING: z.enum(['on', 'off', 'true', 'false', 'yes', 'no', '1', '0']).optional(),
  STUCK_SAMPLE_INTERVAL_MINUTES: wholeNumber(1, 60),
  STUCK_SAMPLE_RETENTION_DAYS: wholeNumber(1, 3650),
  STUCK_THRESHOLD_MINUTES: wholeNumber(1, 60 * 24 * 30),
  DASHBOARD_STUCK_ALERT_COUNT: wholeNumber(1, 1_000_000_000),
});

export const settingsSchema = z.object({
  ...consoleEnvSchema.shape,
  ...consoleDbEnvSchema.shape,
  ...jobsEnvSchema.shape,
  ...planEnvSchema.shape,
  ...exportEnvSchema.shape,
  ...approvalEnvSchema.shape,
  ...observabilityEnvSchema.shape,
  ...notificationEnvSchema.shape,
  ...watchEnvSchema.shape,
  ...serverEnvSchema.shape,
});

/** Where an empty value means something other than "the default". */
const EMPTY_IS_A_VALUE = new Set(['VOICE_ISSUER']);

/** What a setting accepts, in words, from the check it failed. */
function accepted(issue: z.core.$ZodIssue): string | null {
  switch (issue.code) {
    case 'invalid_format':
      return issue.format === 'url'
        ? 'an http:// or https:// URL'
        : issue.format === 'regex'
          ? null
          : `a value in ${issue.format} format`;
    case 'too_small':
      return issue.origin === 'string'
        ? `at least ${String(issue.minimum)} characters`
        : `a number of at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `at most ${String(issue.maximum)} characters`
        : `a number of at most ${String(issue.maximum)}`;
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int'
        ? 'a number'
        : issue.input === undefined
          ? 'a value (required)'
          : `a ${issue.expected}`;
    case 'invalid_value':
      return `one of ${issue.values.map(String).join(', ')}`;
    default:
      return null;
  }
}

/** Every problem with the settings in `env`, one line each; empty when all is well. */
export function settingsProblems(env: Record<string, string | undefined>): string[] {
  const candidate = Object.fromEntries(
    Object.keys(settingsSchema.shape).map((key) => {
      const value = env[key];
      return [key, value === '' && !EMPTY_IS_A_VALUE.has(key) ? undefined : value];
    }),
  );
  const parsed = settingsSchema.safeParse(candidate);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const name = issue.path.join('.');
    const accepts = accepted(issue);
    const given = env[name] === undefined || env[name] === '' ? 'unset' : 'set';
    return `${name} (${given}): ${issue.message}${accepts ? `; accepts ${accepts}` : ''}`;
  });
}

/** The report of `settingsProblems`, for a person reading the start's output. */
export function settingsReport(problems: string[]): string {
  return `The console cannot start: ${problems.length} setting${problems.length === 1 ? ' is' : 's are'} wrong (see .env.example and docs/operations.md):\n  ${problems.join('\n  ')}\n`;
}
