/**
 * Where the console database lives, read from the environment: PostgreSQL when DATABASE_URL is
 * set, otherwise a PGlite directory. Kept apart from lib/env so that scripts and the job runner
 * can open the database without the web settings (session secret and so on).
 */
import path from 'node:path';
import { z } from 'zod';

export const DEFAULT_CONSOLE_DATA_DIR = '.data/console-db';
export const DEFAULT_DATABASE_POOL_SIZE = 10;
/** How long opening a PostgreSQL connection (or waiting for a pooled one) may take, ms. */
export const DEFAULT_DATABASE_CONNECT_TIMEOUT_MS = 5_000;
/** How long one statement may run, ms; the server cancels it, and the client gives up shortly after. */
export const DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS = 15_000;

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const consoleDbEnvSchema = z.object({
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_MIGRATION_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_MIGRATION_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(1).max(100).default(DEFAULT_DATABASE_POOL_SIZE),
  ),
  DATABASE_CONNECT_TIMEOUT_MS: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(100).max(600_000).default(DEFAULT_DATABASE_CONNECT_TIMEOUT_MS),
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(100).max(3_600_000).default(DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS),
  ),
  CONSOLE_DATA_DIR: z.preprocess(emptyAsUnset, z.string().default(DEFAULT_CONSOLE_DATA_DIR)),
});

export interface ConsoleDbSettings {
  databaseUrl?: string;
  /** The owner's URL, when migrations run as another role than the console (see runtime-role.ts). */
  migrationUrl?: string;
  poolSize: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  /** Absolute; a relative CONSOLE_DATA_DIR is taken from the working directory. */
  dataDir: string;
}

/** The validated settings; throws one readable error naming every bad setting. */
export function consoleDbSettings(env: Record<string, string | undefined> = process.env): ConsoleDbSettings {
  const parsed = consoleDbEnvSchema.safeParse({
    DATABASE_URL: env.DATABASE_URL,
    DATABASE_MIGRATION_URL: env.DATABASE_MIGRATION_URL,
    DATABASE_POOL_SIZE: env.DATABASE_POOL_SIZE,
    DATABASE_CONNECT_TIMEOUT_MS: env.DATABASE_CONNECT_TIMEOUT_MS,
    DATABASE_STATEMENT_TIMEOUT_MS: env.DATABASE_STATEMENT_TIMEOUT_MS,
    CONSOLE_DATA_DIR: env.CONSOLE_DATA_DIR,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid console database settings:\n  ${problems.join('\n  ')}`);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    migrationUrl: parsed.data.DATABASE_MIGRATION_URL,
    poolSize: parsed.data.DATABASE_POOL_SIZE,
    connectTimeoutMs: parsed.data.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: parsed.data.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir: path.resolve(parsed.data.CONSOLE_DATA_DIR),
  };
}
