/**
 * The append-only audit log against its own database role, on PostgreSQL: migrations
 * run as the owner (DATABASE_MIGRATION_URL), the console as a runtime role that can insert and
 * record an outcome, but not disable the trigger, delete, truncate or backdate.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordIntent, recordOutcome } from '@/lib/audit/log';
import { openConsoleDb, type ConsoleDb } from '@/lib/db';
import { postgresTestDriver } from './drivers';
import { inject } from 'vitest';

const driver = postgresTestDriver();

async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(driver.skipReason !== null)('database roles on PostgreSQL', () => {
  const suffix = randomBytes(4).toString('hex');
  const owner = `console_owner_${suffix}`;
  const runtime = `console_runtime_${suffix}`;
  const database = `console_roles_${suffix}`;
  let adminUrl: string;
  let db: ConsoleDb;

  const urlFor = (user: string) => {
    const url = new URL(adminUrl);
    url.username = user;
    url.password = 'secret';
    url.pathname = `/${database}`;
    return url.toString();
  };

  beforeAll(async () => {
    adminUrl = inject('testPostgres')?.adminUrl ?? process.env.TEST_DATABASE_URL ?? '';
    await asAdmin(adminUrl, `CREATE ROLE ${owner} LOGIN PASSWORD 'secret'`);
    await asAdmin(adminUrl, `CREATE ROLE ${runtime} LOGIN PASSWORD 'secret'`);
    await asAdmin(adminUrl, `CREATE DATABASE ${database} OWNER ${owner}`);
    db = await openConsoleDb({ databaseUrl: urlFor(runtime), migrationUrl: urlFor(owner), poolSize: 2 });
  });

  afterAll(async () => {
    await db?.close();
    await asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await asAdmin(adminUrl, `DROP ROLE IF EXISTS ${runtime}`);
    await asAdmin(adminUrl, `DROP ROLE IF EXISTS ${owner}`);
  });

  it('lets the runtime role write intents and record outcomes', async () => {
    const id = await recordIntent(db, {
      operatorId: 'u1',
      operatorEmail: 'ops@example.com',
      operatorRole: 'ops',
      action: 'user.set_verified',
      targetType: 'user',
      targetIds: ['u1'],
    });
    await recordOutcome(db, id, { outcome: 'ok', durationMs: 3, summary: 'verified' });
    const [row] = await db.query<{ outcome: string; owner: string }>(
      `SELECT outcome, (SELECT tableowner FROM pg_tables WHERE tablename = 'audit_log') AS owner FROM audit_log WHERE id = $1::bigint`,
      [id],
    );
    expect(row).toEqual({ outcome: 'ok', owner });
  });

  it('refuses the runtime role disabling the trigger, deleting, truncating or backdating', async () => {
    await expect(db.query(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`)).rejects.toThrow(
      /must be (the )?owner/,
    );
    await expect(db.query(`DELETE FROM audit_log`)).rejects.toThrow(/permission denied/);
    await expect(db.query(`TRUNCATE audit_log`)).rejects.toThrow(/permission denied/);
    await expect(db.query(`UPDATE audit_log SET occurred_at = occurred_at - interval '1 year'`)).rejects.toThrow(
      /permission denied/,
    );
    await expect(db.query(`DROP TRIGGER audit_log_append_only ON audit_log`)).rejects.toThrow(/must be (the )?owner/);
  });

  it('lets the runtime role read and write every other table, those of later migrations included', async () => {
    const rows = await db.query<{ tablename: string; writable: boolean }>(
      // has_table_privilege with a list is true when any one is held: ask for each.
      `SELECT tablename, bool_and(has_table_privilege(current_user, quote_ident(tablename), privilege)) AS writable
         FROM pg_tables, unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']) AS privilege WHERE schemaname = 'public' AND tablename NOT IN ('audit_log', 'schema_migrations')
        GROUP BY tablename ORDER BY tablename`,
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((row) => !row.writable).map((row) => row.tablename)).toEqual([]);
  });
});
