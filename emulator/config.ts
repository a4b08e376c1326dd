/**
 * The emulator's settings: read once from the environment (names and defaults as in
 * .env.example), or passed directly by tests to `startEmulator`.
 */
import { z } from 'zod';
import { faultConfigInputSchema, type FaultConfig } from './faults';
import { PRESET_NAMES, type PresetName } from './seed/presets';

export interface EmulatorConfig {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** The OAuth issuer; defaults to `http://<host>:<actual port>` when not set. */
  publicUrl: string | undefined;
  preset: PresetName;
  seed: number;
  /** Where generated seed data is cached between starts. */
  dataDir: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  consoleClientId: string;
  consoleClientSecret: string;
  /** Matched exactly. */
  consoleRedirectUris: string[];
  benchClientSecret: string;
  rateLimitWindowMs: number;
  rateLimitRead: number;
  rateLimitWrite: number;
  /** Browser origins allowed by CORS; empty allows none. */
  corsOrigins: string[];
  /** How long a reprocessed message stays `processing` (changeable at run time). */
  reprocessDelayMs: number;
  /** Fault injection rules in force from the start (changeable through /__control/faults). */
  faults: FaultConfig;
}

/** The machine client for tests and benchmarks (client_credentials, `admin` scope). */
export const BENCH_CLIENT_ID = 'voice-ops-bench';

export const DEFAULT_CONFIG: EmulatorConfig = {
  host: '127.0.0.1',
  port: 4010,
  publicUrl: undefined,
  preset: 'default',
  seed: 20261122,
  dataDir: '.data/emulator',
  accessTokenTtlSeconds: 3600,
  refreshTokenTtlSeconds: 1_209_600,
  consoleClientId: 'voice-ops-console',
  consoleClientSecret: 'voice-ops-console-dev-secret',
  consoleRedirectUris: ['http://127.0.0.1:3000/api/auth/callback/voice'],
  benchClientSecret: 'voice-ops-bench-secret',
  rateLimitWindowMs: 1000,
  rateLimitRead: 100,
  rateLimitWrite: 20,
  corsOrigins: [],
  reprocessDelayMs: 5000,
  faults: { rules: [] },
};

/** An unset or empty variable takes the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const positiveInt = z.coerce.number().int().positive();
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

const envSchema = z.object({
  EMULATOR_HOST: optional(z.string()),
  EMULATOR_PORT: optional(z.coerce.number().int().min(0).max(65535)),
  EMULATOR_PUBLIC_URL: optional(z.url()),
  EMULATOR_PRESET: optional(z.enum(PRESET_NAMES)),
  EMULATOR_SEED: optional(z.coerce.number().int().min(0).max(0xffffffff)),
  EMULATOR_DATA_DIR: optional(z.string()),
  EMULATOR_ACCESS_TOKEN_TTL: optional(positiveInt),
  EMULATOR_REFRESH_TOKEN_TTL: optional(positiveInt),
  EMULATOR_CONSOLE_REDIRECT_URIS: optional(commaList.pipe(z.array(z.url()).min(1))),
  EMULATOR_BENCH_CLIENT_SECRET: optional(z.string()),
  EMULATOR_RATE_LIMIT_WINDOW_MS: optional(positiveInt),
  EMULATOR_RATE_LIMIT_READ: optional(positiveInt),
  EMULATOR_RATE_LIMIT_WRITE: optional(positiveInt),
  EMULATOR_CORS_ORIGINS: optional(commaList),
  EMULATOR_REPROCESS_DELAY_MS: optional(z.coerce.number().int().min(0).max(86_400_000)),
  EMULATOR_FAULTS: optional(z.string().transform(parseJson).pipe(faultConfigInputSchema)),
  VOICE_CLIENT_ID: optional(z.string()),
  VOICE_CLIENT_SECRET: optional(z.string()),
});

/** Reads the settings from environment variables; throws naming every invalid variable. */
export function readConfigFromEnv(env: Record<string, string | undefined>): EmulatorConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid emulator settings:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const d = DEFAULT_CONFIG;
  return {
    host: e.EMULATOR_HOST ?? d.host,
    port: e.EMULATOR_PORT ?? d.port,
    publicUrl: e.EMULATOR_PUBLIC_URL ?? d.publicUrl,
    preset: e.EMULATOR_PRESET ?? d.preset,
    seed: e.EMULATOR_SEED ?? d.seed,
    dataDir: e.EMULATOR_DATA_DIR ?? d.dataDir,
    accessTokenTtlSeconds: e.EMULATOR_ACCESS_TOKEN_TTL ?? d.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: e.EMULATOR_REFRESH_TOKEN_TTL ?? d.refreshTokenTtlSeconds,
    consoleClientId: e.VOICE_CLIENT_ID ?? d.consoleClientId,
    consoleClientSecret: e.VOICE_CLIENT_SECRET ?? d.consoleClientSecret,
    consoleRedirectUris: e.EMULATOR_CONSOLE_REDIRECT_URIS ?? d.consoleRedirectUris,
    benchClientSecret: e.EMULATOR_BENCH_CLIENT_SECRET ?? d.benchClientSecret,
    rateLimitWindowMs: e.EMULATOR_RATE_LIMIT_WINDOW_MS ?? d.rateLimitWindowMs,
    rateLimitRead: e.EMULATOR_RATE_LIMIT_READ ?? d.rateLimitRead,
    rateLimitWrite: e.EMULATOR_RATE_LIMIT_WRITE ?? d.rateLimitWrite,
    corsOrigins: e.EMULATOR_CORS_ORIGINS ?? d.corsOrigins,
    reprocessDelayMs: e.EMULATOR_REPROCESS_DELAY_MS ?? d.reprocessDelayMs,
    faults: e.EMULATOR_FAULTS ?? d.faults,
  };
}

function parseJson(value: string, context: z.RefinementCtx): unknown {
  try {
    return JSON.parse(value);
  } catch {
    context.addIssue({ code: 'custom', message: 'is not valid JSON' });
    return z.NEVER;
  }
}
