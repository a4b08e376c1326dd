/**
 * The two drivers every database test runs against: PGlite in a temporary directory, and
 * PostgreSQL on the test server from global setup (skipped, with the reason in the suite's name,
 * when there is none).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openConsoleDb, type ConsoleDb, type ConsoleDbOptions } from '@/lib/db';
import { createTestDatabase, type TestPostgres } from '../support/postgres';
import type { TemplateDatabases } from '../support/template-databases';

export interface TestDatabase {
  db: ConsoleDb;
  /** Closes it and removes its directory or database. */
  dispose(): Promise<void>;
}

export interface TestDriver {
  /** The suite's name, with the reason when it is skipped. */
  title: string;
  skipReason: string | null;
  /** Where a fresh database would be, not yet opened. */
  freshLocation(): Promise<DatabaseLocation>;
  /**
   * A database of its own already migrated, not yet opened (a copy of the run's template, so
   * opening it applies nothing); for tests that need a database, not one about making it.
   */
  migratedLocation(): Promise<DatabaseLocation>;
}

export interface DatabaseLocation {
  options: ConsoleDbOptions;
  remove(): Promise<void>;
}

/** The run's migrated templates (global setup), or null when the file runs without them. */
function templates(): TemplateDatabases | null {
  return inject('templateDatabases') ?? null;
}

function testPostgres(): TestPostgres {
  const provided = inject('testPostgres');
  if (provided) return provided;
  const url = process.env.TEST_DATABASE_URL;
  if (url) return { adminUrl: url, skipReason: null };
  return {
    adminUrl: null,
    skipReason: 'vitest.config.mts has no globalSetup tests/support/global-setup.ts and TEST_DATABASE_URL is unset',
  };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

function pgliteLocation(template: string | null): DatabaseLocation {
  const root = tempDir('console-db-test-');
  const dataDir = path.join(root, 'console-db');
  if (template) cpSync(template, dataDir, { recursive: true });
  return { options: { dataDir }, remove: async () => rmSync(root, { recursive: true, force: true }) };
}

export const pgliteTestDriver: TestDriver = {
  title: 'PGlite',
  skipReason: null,
  freshLocation: async () => pgliteLocation(null),
  migratedLocation: async () => pgliteLocation(templates()?.pgliteDir ?? null),
};

let postgresDriver: TestDriver | undefined;

/** Made once per test file, so a skip is reported once. */
export function postgresTestDriver(): TestDriver {
  postgresDriver ??= makePostgresDriver();
  return postgresDriver;
}

function makePostgresDriver(): TestDriver {
  const postgres = testPostgres();
  if (postgres.skipReason !== null) {
    console.warn(`[tests] PostgreSQL variants skipped: ${postgres.skipReason}`);
    return {
      title: `PostgreSQL (skipped: ${postgres.skipReason})`,
      skipReason: postgres.skipReason,
      freshLocation: () => Promise.reject(new Error(postgres.skipReason)),
      migratedLocation: () => Promise.reject(new Error(postgres.skipReason)),
    };
  }
  const location = async (template: string | null): Promise<DatabaseLocation> => {
    const database = await createTestDatabase(postgres.adminUrl, template ?? undefined);
    return { options: { databaseUrl: database.url, poolSize: 4 }, remove: database.drop };
  };
  return {
    title: 'PostgreSQL',
    skipReason: null,
    freshLocation: () => location(null),
    migratedLocation: () => location(templates()?.postgresName ?? null),
  };
}

export function testDrivers(): TestDriver[] {
  return [pgliteTestDriver, postgresTestDriver()];
}

/** A fresh, migrated database on the driver. */
export async function openTestDatabase(driver: TestDriver): Promise<TestDatabase> {
  const location = await driver.migratedLocation();
  const db = await openConsoleDb(location.options);
  return {
    db,
    dispose: async () => {
      await db.close();
      await location.remove();
    },
  };
}
