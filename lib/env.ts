/**
 * The console's settings, read from the environment once and validated. Every name is listed in
 * `.env.example`; defaults point at the emulator on this machine.
 */
import { z } from 'zod';
import { DEFAULT_ROLE_SOURCE, ROLE_SOURCES } from './auth/roles/roles';
import { DEFAULT_SERVICE_URLS, DEFAULT_UPSTREAM_TIMEOUT_MS } from './service-defaults';

const url = z.url({ protocol: /^https?$/ });

export const consoleEnvSchema = z.object({
  NEXTAUTH_URL: url.default('http://127.0.0.1:3000'),
  NEXTAUTH_SECRET: z.string().min(16, 'NEXTAUTH_SECRET must be at least 16 characters'),
  VOICE_BASE_URL: url.default(DEFAULT_SERVICE_URLS.VOICE_BASE_URL),
  VOICE_AUTH_URL: url.default(DEFAULT_SERVICE_URLS.VOICE_AUTH_URL),
  VOICE_TOKEN_URL: url.default(DEFAULT_SERVICE_URLS.VOICE_TOKEN_URL),
  VOICE_IDENTITY_URL: url.default(DEFAULT_SERVICE_URLS.VOICE_IDENTITY_URL),
  /** Unset: the token endpoint's URL with its last segment `token` replaced by `revoke`. */
  VOICE_REVOCATION_URL: url.optional(),
  VOICE_ISSUER: z.union([url, z.literal('')]).default(DEFAULT_SERVICE_URLS.VOICE_ISSUER),
  VOICE_CLIENT_ID: z.string().min(1).default('voice-ops-console'),
  VOICE_CLIENT_SECRET: z.string().min(1).default('voice-ops-console-dev-secret'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_UPSTREAM_TIMEOUT_MS),
  UPSTREAM_READ_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** How long a page's reads of the service may take together before it shows the failure. */
  UPSTREAM_PAGE_DEADLINE_MS: z.coerce.number().int().min(1_000).max(300_000).default(10_000),
  /** Calls to the service in flight at once from this console process; more wait in order. */
  UPSTREAM_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(64),
  CONSOLE_ROLES: z.string().default(''),
  /** Which wins, the console's database or CONSOLE_ROLES (lib/auth/roles/roles.ts). */
  CONSOLE_ROLE_SOURCE: z.enum(ROLE_SOURCES).default(DEFAULT_ROLE_SOURCE),
  CONSOLE_SESSION_MAX_AGE_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(12),
  CONSOLE_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .min(0.1)
    .max(24 * 60)
    .default(30),
  /** Origins images (avatars) may load from, comma-separated; anything else stays unloaded. */
  CONSOLE_IMAGE_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(url.transform((entry) => new URL(entry).origin))),
});
export type ConsoleEnv = z.infer<typeof consoleEnvSchema>;

let cached: ConsoleEnv | undefined;

/** The validated settings; throws one readable error naming every bad setting. */
export function consoleEnv(): ConsoleEnv {
  if (cached) return cached;
  const candidate = Object.fromEntries(
    Object.keys(consoleEnvSchema.shape).map((key) => {
      const value = process.env[key];
      // An empty value in .env means "use the default", except where empty is meaningful.
      return [key, value === '' && key !== 'VOICE_ISSUER' ? undefined : value];
    }),
  );
  const parsed = consoleEnvSchema.safeParse(candidate);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid console settings (see .env.example):\n  ${problems.join('\n  ')}`);
  }
  cached = parsed.data;
  return cached;
}
