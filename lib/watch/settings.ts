/** The watch rules' settings (see .env.example): how often they are evaluated. */
import { z } from 'zod';

export const DEFAULT_WATCH_INTERVAL_SECONDS = 60;
export const MIN_WATCH_INTERVAL_SECONDS = 5;
const MAX_WATCH_INTERVAL_SECONDS = 3600;

export const watchEnvSchema = z.object({
  WATCH_RULES_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(MIN_WATCH_INTERVAL_SECONDS)
    .max(MAX_WATCH_INTERVAL_SECONDS)
    .optional(),
});

/** WATCH_RULES_INTERVAL_SECONDS, 5-3600, default 60 (checked strictly at start: lib/server/settings-check.ts). */
export function watchIntervalSeconds(env: Record<string, string | undefined> = process.env): number {
  const parsed = watchEnvSchema.safeParse({
    WATCH_RULES_INTERVAL_SECONDS: env.WATCH_RULES_INTERVAL_SECONDS || undefined,
  });
  return (parsed.success ? parsed.data.WATCH_RULES_INTERVAL_SECONDS : undefined) ?? DEFAULT_WATCH_INTERVAL_SECONDS;
}
