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

/** The outcome columns: what the one permitted update of an audit row writes. */
const AUDIT_OUTCOME_COLUMNS = ['outcome', 'upstream_status', 'upstream_request_id', 'error_message', 'summary', 'duration_ms', 'completed_at'];
/** The console's working tables: rows come and go (jobs, their items, runners, refusal counts). */
const WORKING_TABLES = ['bulk_jobs', 'bulk_job_items', 'bulk_job_runners', 'audit_refusal_tallies', 'rate_budget_windows'];

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The SQL granting `role` what the console needs, and nothing that could rewrite the audit log. */
export function runtimeGrants(role: string): string {
  const who = quoteIdentifier(role);
  return `
REVOKE ALL ON audit_log FROM ${who};
GRANT USAGE ON SCHEMA public TO ${who};
GRANT SELECT ON schema_migrations TO ${who};
GRANT SELECT, INSERT ON audit_log TO ${who};
GRANT UPDATE (${AUDIT_OUTCOME_COLUMNS.join(', ')}) ON audit_log TO ${who};
GRANT USAGE ON SEQUENCE audit_log_id_seq TO ${who};
GRANT SELECT, INSERT, UPDATE, DELETE ON ${WORKING_TABLES.join(', ')} TO ${who};
`;
}

export async function grantRuntimeRole(db: ScriptRunner, role: string): Promise<void> {
  await db.exec(runtimeGrants(role));
}

/** Migrates through the owner's URL and renews the grants of databaseUrl's user. */
export async function migrateAsOwner(migrationUrl: string, databaseUrl: string): Promise<string[]> {
  const role = decodeURIComponent(new URL(databaseUrl).username);
  if (!role) throw new Error('DATABASE_URL names no user: with DATABASE_MIGRATION_URL set, it must be the runtime role');
  const owner = await openPostgresDriver(migrationUrl, 1);
  try {
    const applied = await applyMigrations(owner);
    if (role !== decodeURIComponent(new URL(migrationUrl).username)) await owner.transaction((tx) => grantRuntimeRole(tx, role));
    if (applied.length > 0) console.info(`[db] applied migrations as the owner: ${applied.join(', ')}`);
    return applied;
  } finally {
    await owner.close();
  }
}
