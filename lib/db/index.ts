/**
 * The console's own database (audit log, bulk jobs): PostgreSQL when DATABASE_URL is set,
 * otherwise PGlite in CONSOLE_DATA_DIR. Same SQL on both; migrated on open.
 */
import { applyMigrations } from './migrate';
import { migrateAsOwner } from './runtime-role';
import { openPGliteDriver } from './pglite-driver';
import { openPostgresDriver } from './postgres-driver';
import {
  consoleDbSettings,
  DEFAULT_CONSOLE_DATA_DIR,
  DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
  DEFAULT_DATABASE_POOL_SIZE,
  DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS,
} from './settings';
import type { ConsoleDb } from './types';
import { logger } from '@/lib/observability/logger';

export type { ConsoleDb, ConsoleDbKind, Queryable } from './types';
export { DataDirInUseError } from './data-dir-lock';

export interface ConsoleDbOptions {
  /** A postgres:// URL; when set, dataDir is ignored. */
  databaseUrl?: string;
  /** PGlite's directory, relative to the working directory; default `.data/console-db`. */
  dataDir?: string;
  /**
   * The owner's postgres:// URL. When set, migrations run through it and the grants of the
   * runtime role (the user of databaseUrl) are renewed; the console itself never migrates.
   */
  migrationUrl?: string;
  /** Most pg connections at once; default 10. */
  poolSize?: number;
  /** PostgreSQL only: connection and statement timeouts, ms; defaults in settings.ts. */
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** PGlite only: create a new directory in a child process (pglite-driver.ts); the console server does. */
  initializeApart?: boolean;
  /** PGlite only: vacuum and analyze on a schedule, as autovacuum would (pglite-upkeep.ts); the console server does. */
  upkeep?: boolean;
}

/** Opens and migrates a database of its own. The app uses getConsoleDb(); this is for tests and tools. */
export async function openConsoleDb(options: ConsoleDbOptions): Promise<ConsoleDb> {
  if (options.databaseUrl && options.migrationUrl) {
    await migrateAsOwner(options.migrationUrl, options.databaseUrl);
    return openPostgresDriver(options.databaseUrl, options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE);
  }
  const driver = options.databaseUrl
    ? await openPostgresDriver(options.databaseUrl, options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE, {
        connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS,
      })
    : await openPGliteDriver(options.dataDir ?? DEFAULT_CONSOLE_DATA_DIR, {
        initializeApart: options.initializeApart,
        upkeep: options.upkeep,
      });
  try {
    const applied = await applyMigrations(driver);
    if (applied.length > 0)
      logger('db').info(`applied migrations to the ${driver.kind} console database: ${applied.join(', ')}`);
  } catch (error) {
    await driver.close();
    throw error;
  }
  return driver;
}

// On globalThis, not in module scope: Next's dev server re-evaluates modules on every change,
// and a second PGlite instance on the same directory would be refused by its lock.
const shared = globalThis as typeof globalThis & { voiceConsoleDb?: Promise<ConsoleDb> };

/** The process-wide database, opened from the environment on first use. */
export function getConsoleDb(): Promise<ConsoleDb> {
  if (shared.voiceConsoleDb) return shared.voiceConsoleDb;
  const forget = () => {
    if (shared.voiceConsoleDb === opening) delete shared.voiceConsoleDb;
  };
  const opening: Promise<ConsoleDb> = openConsoleDb({
    ...consoleDbSettings(),
    initializeApart: true,
    upkeep: true,
  }).then(
    (db) => ({
      ...db,
      close: async () => {
        forget();
        await db.close();
      },
    }),
    (error: unknown) => {
      // Not cached: the next call tries again (say, once the other process holding the directory stopped).
      forget();
      throw error;
    },
  );
  shared.voiceConsoleDb = opening;
  return opening;
}

/** Closes the process-wide database if it is open; the next getConsoleDb() opens it again. */
export async function closeConsoleDb(): Promise<void> {
  const opening = shared.voiceConsoleDb;
  if (!opening) return;
  const db = await opening.catch(() => null);
  await db?.close();
}
