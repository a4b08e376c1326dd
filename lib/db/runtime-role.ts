/**
 * Two roles on PostgreSQL: the owner of the tables, which migrations run as, and the runtime
 * role the console connects as. The append-only trigger on audit_log holds only against a role
 * that cannot drop or disable it, i.e. one that does not own the table; so the runtime role gets
 * no more than the console needs: audit_log insert, select, and update of the outcome columns
 * (the one update the trigger permits); no delete, no truncate, no ALTER, no backdating.
 */
import { applyMigrations } from './migrate';
import { openPostgresDriver } from './postgres-driver';
import type { ScriptRunner } from './types';
import { logger } from '@/lib/observability/logger';

/** The outcome columns: what the one permitted update of an audit row writes. */
const AUDIT_OUTCOME_COLUMNS = [
  'outcome',
  'upstream_status',
  'upstream_request_id',
  'error_message',
  'summary',
  'duration_ms',
  'completed_at',
];
/**
 * Every other table is a working table (jobs, approvals, incidents, sessions, samples, …): rows
 * come and go, so the runtime role may read and write all of them. Granted schema-wide and then
 * narrowed, so a table a later migration adds is never forgotten (a forgotten one fails only on
 * PostgreSQL with two roles, the production setup).
 */
const RESTRICTED_TABLES = ['audit_log', 'schema_migrations'];

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The SQL granting `role` what the console needs, and nothing that could rewrite the audit log. */
export function runtimeGrants(role: string): string {
  const who = quoteIdentifier(role);
  return `
GRANT USAGE ON SCHEMA public TO ${who};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${who};
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO ${who};
REVOKE ALL ON ${RESTRICTED_TABLES.join(', ')} FROM ${who};
GRANT SELECT ON schema_migrations TO ${who};
GRANT SELECT, INSERT ON audit_log TO ${who};
GRANT UPDATE (${AUDIT_OUTCOME_COLUMNS.join(', ')}) ON audit_log TO ${who};
`;
}

export async function grantRuntimeRole(db: ScriptRunner, role: string): Promise<void> {
  await db.exec(runtimeGrants(role));
}

/** Migrates through the owner's URL and renews the grants of databaseUrl's user. */
export async function migrateAsOwner(migrationUrl: string, databaseUrl: string): Promise<string[]> {
  const role = decodeURIComponent(new URL(databaseUrl).username);
  if (!role)
    throw new Error('DATABASE_URL names no user: with DATABASE_MIGRATION_URL set, it must be the runtime role');
  const owner = await openPostgresDriver(migrationUrl, 1);
  try {
    const applied = await applyMigrations(owner);
    if (role !== decodeURIComponent(new URL(migrationUrl).username))
      await owner.transaction((tx) => grantRuntimeRole(tx, role));
    if (applied.length > 0) logger('db').info(`applied migrations as the owner: ${applied.join(', ')}`);
    return applied;
  } finally {
    await owner.close();
  }
}
