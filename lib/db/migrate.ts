/** Brings a console database up to the migrations list, once, even with several consoles starting together. */
import { CONSOLE_MIGRATIONS, type Migration } from './migrations';
import type { ConsoleDbDriver } from './types';

/**
 * Key of the transaction-scoped advisory lock that serialises migration runs: a second console
 * starting at the same moment waits here, then finds everything applied. PGlite accepts the same
 * call (it has a single connection, so it never waits).
 */
const MIGRATION_LOCK_KEY = 7_304_129_651;

/** Applies the migrations not yet recorded, all in one transaction; returns the ids applied now. */
export async function applyMigrations(
  db: ConsoleDbDriver,
  migrations: readonly Migration[] = CONSOLE_MIGRATIONS,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id));
    const pending = migrations.filter((migration) => !applied.has(migration.id));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    }
    return pending.map((migration) => migration.id);
  });
}
