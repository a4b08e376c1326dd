/** The server driver: a pg pool on DATABASE_URL. */
import pg from 'pg';
import type { ConsoleDbDriver, ScriptRunner } from './types';

function scriptRunner(target: pg.Pool | pg.PoolClient): ScriptRunner {
  return {
    query: async <T>(sql: string, params: readonly unknown[] = []) => (await target.query(sql, [...params])).rows as T[],
    // Without parameters pg uses the simple protocol, which runs several statements.
    exec: async (script: string) => {
      await target.query(script);
    },
  };
}

export async function openPostgresDriver(databaseUrl: string, poolSize: number): Promise<ConsoleDbDriver> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it ends the process.
  pool.on('error', (error) => console.error(`[db] an idle PostgreSQL connection failed: ${error.message}`));

  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    query: scriptRunner(pool).query,
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(scriptRunner(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // The connection is unusable; release(error) destroys it instead of pooling it.
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => (closing ??= pool.end()),
  };
}
