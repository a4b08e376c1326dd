/** The server driver: a pg pool on DATABASE_URL. */
import pg from 'pg';
import { DEFAULT_DATABASE_CONNECT_TIMEOUT_MS, DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS } from './settings';
import type { ConsoleDbDriver, ScriptRunner } from './types';
import { logger } from '@/lib/observability/logger';
import { tracedQuery } from '@/lib/observability/tracing';

export interface PostgresTimeouts {
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

/** Beyond the statement timeout, how long the client waits for the server's own cancellation. */
const CLIENT_TIMEOUT_MARGIN_MS = 2_000;

function scriptRunner(target: pg.Pool | pg.PoolClient): ScriptRunner {
  return {
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      tracedQuery(sql, async () => (await target.query(sql, [...params])).rows as T[]),
    // Without parameters pg uses the simple protocol, which runs several statements.
    exec: async (script: string) => {
      await target.query(script);
    },
  };
}

/**
 * Every wait is bounded, so a hung database fails the request (and the job runner's heartbeat)
 * instead of holding it: connecting or waiting for a free connection (connectionTimeoutMillis),
 * a statement on the server (statement_timeout, the server cancels it), and a server that stops
 * answering altogether (query_timeout, the client gives up).
 */
export async function openPostgresDriver(
  databaseUrl: string,
  poolSize: number,
  timeouts: PostgresTimeouts = {
    connectTimeoutMs: DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: DEFAULT_DATABASE_STATEMENT_TIMEOUT_MS,
  },
): Promise<ConsoleDbDriver> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    query_timeout: timeouts.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it ends the process.
  pool.on('error', (error) => logger('db').error(`an idle PostgreSQL connection failed: ${error.message}`));

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
