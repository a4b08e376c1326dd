/**
 * The job runner's settings, read from the environment. Kept apart from lib/env (which requires
 * the web session's NEXTAUTH_SECRET) so that a runner can start in any process: the console
 * server, a script, a benchmark child. VOICE_BASE_URL, VOICE_TOKEN_URL and UPSTREAM_TIMEOUT_MS
 * have the same names as in lib/env.ts and the same defaults (lib/service-defaults.ts).
 */
import { z } from 'zod';
import { DEFAULT_SERVICE_URLS, DEFAULT_UPSTREAM_TIMEOUT_MS } from '@/lib/service-defaults';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
const setting = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUnset, schema);
const url = z.url({ protocol: /^https?$/ });

export const JOBS_SETTING_DEFAULTS = {
  VOICE_BASE_URL: DEFAULT_SERVICE_URLS.VOICE_BASE_URL,
  VOICE_TOKEN_URL: DEFAULT_SERVICE_URLS.VOICE_TOKEN_URL,
  /** The emulator's machine client (client_credentials, scope admin). */
  VOICE_JOBS_CLIENT_ID: 'voice-ops-bench',
  VOICE_JOBS_CLIENT_SECRET: 'voice-ops-bench-secret',
  UPSTREAM_TIMEOUT_MS: DEFAULT_UPSTREAM_TIMEOUT_MS,
  JOBS_CONCURRENCY: 4,
  JOBS_MAX_ATTEMPTS: 4,
  JOBS_LEASE_SECONDS: 60,
} as const;

const d = JOBS_SETTING_DEFAULTS;
export const jobsEnvSchema = z.object({
  VOICE_BASE_URL: setting(url.default(d.VOICE_BASE_URL)),
  VOICE_TOKEN_URL: setting(url.default(d.VOICE_TOKEN_URL)),
  VOICE_JOBS_CLIENT_ID: setting(z.string().min(1).default(d.VOICE_JOBS_CLIENT_ID)),
  VOICE_JOBS_CLIENT_SECRET: setting(z.string().min(1).default(d.VOICE_JOBS_CLIENT_SECRET)),
  UPSTREAM_TIMEOUT_MS: setting(z.coerce.number().int().min(100).max(120_000).default(d.UPSTREAM_TIMEOUT_MS)),
  JOBS_CONCURRENCY: setting(z.coerce.number().int().min(1).max(64).default(d.JOBS_CONCURRENCY)),
  JOBS_MAX_ATTEMPTS: setting(z.coerce.number().int().min(1).max(20).default(d.JOBS_MAX_ATTEMPTS)),
  JOBS_LEASE_SECONDS: setting(z.coerce.number().int().min(1).max(3600).default(d.JOBS_LEASE_SECONDS)),
});

export interface JobsSettings {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  /** Requests one runner has in flight at most. */
  concurrency: number;
  /** Tries per item for 5xx, timeouts and network errors (the first included). */
  maxAttempts: number;
  /** How long a silent runner keeps its claimed items before another runner takes them back. */
  leaseSeconds: number;
}

/** The validated settings; throws one readable error naming every bad setting. */
export function jobsSettings(env: Record<string, string | undefined> = process.env): JobsSettings {
  const parsed = jobsEnvSchema.safeParse(
    Object.fromEntries(Object.keys(jobsEnvSchema.shape).map((key) => [key, env[key]])),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid job runner settings:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    baseUrl: e.VOICE_BASE_URL,
    tokenUrl: e.VOICE_TOKEN_URL,
    clientId: e.VOICE_JOBS_CLIENT_ID,
    clientSecret: e.VOICE_JOBS_CLIENT_SECRET,
    timeoutMs: e.UPSTREAM_TIMEOUT_MS,
    concurrency: e.JOBS_CONCURRENCY,
    maxAttempts: e.JOBS_MAX_ATTEMPTS,
    leaseSeconds: e.JOBS_LEASE_SECONDS,
  };
}
