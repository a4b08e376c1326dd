/**
 * Migrated console databases made once per Vitest run (global-setup.ts), which openTestDatabase
 * (tests/db/drivers.ts) copies instead of creating and migrating each one: a PGlite directory, as
 * PGlite's initdb and the migrations cost every new database several seconds of a core, and a
 * PostgreSQL template database. A test about creating or migrating a database uses freshLocation,
 * which stays empty.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openConsoleDb } from '@/lib/db';
import { onServer, type TestPostgres } from './postgres';

export interface TemplateDatabases {
  /** A closed, migrated PGlite directory to copy. */
  pgliteDir: string;
  /** A migrated database on the test server to create databases from, or null without a server. */
  postgresName: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabases: TemplateDatabases;
  }
}

/** Makes both templates; `remove` deletes them. */
export async function makeTemplateDatabases(
  postgres: TestPostgres,
): Promise<{ templates: TemplateDatabases; remove(): Promise<void> }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'console-db-template-'));
  const pgliteDir = path.join(root, 'console-db');
  const pglite = openConsoleDb({ dataDir: pgliteDir, initializeApart: true }).then((db) => db.close());
  const server = (async () => {
    if (!postgres.adminUrl) return null;
    const name = `console_template_${randomBytes(6).toString('hex')}`;
    await onServer(postgres.adminUrl, `CREATE DATABASE "${name}"`);
    const url = new URL(postgres.adminUrl);
    url.pathname = `/${name}`;
    await (await openConsoleDb({ databaseUrl: url.toString(), poolSize: 1 })).close();
    return name;
  })();
  const [, postgresName] = await Promise.all([pglite, server]);
  return {
    templates: { pgliteDir, postgresName },
    remove: async () => {
      rmSync(root, { recursive: true, force: true });
      if (postgres.adminUrl && postgresName)
        await onServer(postgres.adminUrl, `DROP DATABASE IF EXISTS "${postgresName}" WITH (FORCE)`).catch(() => {});
    },
  };
}
