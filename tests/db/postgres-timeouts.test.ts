/**
 * A hung database must fail a request, not hold it: the pool bounds connecting and each statement.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleDb } from '@/lib/db';
import { openPostgresDriver } from '@/lib/db/postgres-driver';
import { consoleDbSettings } from '@/lib/db/settings';
import { postgresTestDriver, type TestDriver } from './drivers';

describe('database timeout settings', () => {
  it('are read from the environment, with defaults', () => {
    expect(consoleDbSettings({})).toMatchObject({ connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 });
    expect(
      consoleDbSettings({ DATABASE_CONNECT_TIMEOUT_MS: '750', DATABASE_STATEMENT_TIMEOUT_MS: '2000' }),
    ).toMatchObject({
      connectTimeoutMs: 750,
      statementTimeoutMs: 2_000,
    });
    expect(() => consoleDbSettings({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });
});

describe('a server that accepts connections and never answers', () => {
  let server: Server;
  const sockets: Socket[] = [];
  let port = 0;

  beforeAll(async () => {
    server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fails a query after the connect timeout instead of hanging', async () => {
    const db = await openPostgresDriver(`postgresql://console@127.0.0.1:${port}/console`, 2, {
      connectTimeoutMs: 300,
      statementTimeoutMs: 1_000,
    });
    try {
      const started = performance.now();
      await expect(db.query('SELECT 1')).rejects.toThrow(/timeout/i);
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      await db.close().catch(() => {});
    }
  });
});

const driver: TestDriver = postgresTestDriver();

describe.skipIf(driver.skipReason !== null)(`statements on ${driver.title}`, () => {
  it('a statement past the statement timeout is cancelled, in a transaction too, and the pool goes on', async () => {
    const location = await driver.migratedLocation();
    const db = await openConsoleDb({ ...location.options, statementTimeoutMs: 300 });
    try {
      const started = performance.now();
      await expect(db.query('SELECT pg_sleep(5)')).rejects.toThrow(/statement timeout/);
      await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(5)'))).rejects.toThrow(/statement timeout/);
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(await db.query<{ ok: number }>('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await db.close();
      await location.remove();
    }
  });
});
