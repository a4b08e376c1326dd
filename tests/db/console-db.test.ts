import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsoleDb, DataDirInUseError, getConsoleDb, openConsoleDb, type ConsoleDb } from '@/lib/db';
import { applyMigrations } from '@/lib/db/migrate';
import { CONSOLE_MIGRATIONS } from '@/lib/db/migrations';
import { openPGliteDriver } from '@/lib/db/pglite-driver';
import { openPostgresDriver } from '@/lib/db/postgres-driver';
import { consoleDbSettings } from '@/lib/db/settings';
import type { ConsoleDbDriver } from '@/lib/db/types';
import { openTestDatabase, postgresTestDriver, tempDir, testDrivers, type TestDatabase } from './drivers';

const MIGRATION_IDS = CONSOLE_MIGRATIONS.map((migration) => migration.id);

function openDriver(options: { databaseUrl?: string; dataDir?: string }): Promise<ConsoleDbDriver> {
  return options.databaseUrl ? openPostgresDriver(options.databaseUrl, 2) : openPGliteDriver(options.dataDir ?? '');
}

async function appliedMigrations(db: ConsoleDb): Promise<{ id: string; applied_at: Date }[]> {
  return db.query('SELECT id, applied_at FROM schema_migrations ORDER BY id');
}

describe('the migrations list', () => {
  it('has unique ids in order', () => {
    expect(new Set(MIGRATION_IDS).size).toBe(MIGRATION_IDS.length);
    expect([...MIGRATION_IDS].sort()).toEqual(MIGRATION_IDS);
  });
});

for (const driver of testDrivers()) {
  describe.skipIf(driver.skipReason !== null)(`the console database on ${driver.title}`, () => {
    it('applies every migration on first open, and none again on reopen', async () => {
      const location = await driver.freshLocation();
      try {
        let started = performance.now();
        const db = await openConsoleDb(location.options);
        const firstOpenMs = performance.now() - started;
        const first = await appliedMigrations(db);
        expect(first.map((row) => row.id)).toEqual(MIGRATION_IDS);
        await db.close();

        started = performance.now();
        const reopened = await openConsoleDb(location.options);
        const reopenMs = performance.now() - started;
        expect(await appliedMigrations(reopened)).toEqual(first);
        await reopened.close();
        console.info(
          `[timing] ${driver.title}: first open with migrations ${Math.round(firstOpenMs)} ms, reopen ${Math.round(reopenMs)} ms`,
        );
      } finally {
        await location.remove();
      }
    });

    it('applies added migrations all or nothing, each once', async () => {
      const location = await driver.freshLocation();
      try {
        await (await openConsoleDb(location.options)).close();
        const db = await openDriver(location.options);
        try {
          const broken = [
            ...CONSOLE_MIGRATIONS,
            { id: '9001_ok', sql: 'CREATE TABLE added_ok (id int)' },
            { id: '9002_broken', sql: 'CREATE TABLE' },
          ];
          await expect(applyMigrations(db, broken)).rejects.toThrow();
          expect((await appliedMigrations(db)).map((row) => row.id)).toEqual(MIGRATION_IDS);
          expect(await db.query("SELECT to_regclass('added_ok')::text AS name")).toEqual([{ name: null }]);

          const added = [
            ...CONSOLE_MIGRATIONS,
            { id: '9001_ok', sql: 'CREATE TABLE added_ok (id int); CREATE INDEX added_ok_idx ON added_ok (id);' },
          ];
          expect(await applyMigrations(db, added)).toEqual(['9001_ok']);
          expect(await applyMigrations(db, added)).toEqual([]);
        } finally {
          await db.close();
        }
      } finally {
        await location.remove();
      }
    });

    describe('queries and transactions', () => {
      let database: TestDatabase;
      beforeAll(async () => {
        database = await openTestDatabase(driver);
        await database.db.query(
          'CREATE TABLE notes (id bigserial PRIMARY KEY, tags text[] NOT NULL, body jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now())',
        );
      });
      afterAll(() => database?.dispose());

      it('returns the same shapes from both drivers for the same SQL', async () => {
        const [row] = await database.db.query<{ id: string; tags: string[]; body: unknown; at: Date; n: number }>(
          'INSERT INTO notes (tags, body) VALUES ($1::text[], $2::jsonb) RETURNING id::text AS id, tags, body, at, 41 + 1 AS n',
          [['a', 'b "quoted"'], JSON.stringify({ nested: [1, 'two'] })],
        );
        expect(row).toEqual({
          id: expect.stringMatching(/^\d+$/),
          tags: ['a', 'b "quoted"'],
          body: { nested: [1, 'two'] },
          at: expect.any(Date),
          n: 42,
        });
        expect(await database.db.query('SELECT count(*)::int AS total FROM notes WHERE $1 = ANY(tags)', ['a'])).toEqual(
          [{ total: 1 }],
        );
      });

      it('commits a transaction, and rolls it back when the function throws', async () => {
        const id = await database.db.transaction(async (tx) => {
          const [inserted] = await tx.query<{ id: string }>(
            "INSERT INTO notes (tags, body) VALUES ('{}', '{}') RETURNING id::text AS id",
          );
          return inserted?.id;
        });
        expect(await database.db.query('SELECT id::text AS id FROM notes WHERE id = $1::bigint', [id])).toEqual([
          { id },
        ]);

        await expect(
          database.db.transaction(async (tx) => {
            await tx.query("INSERT INTO notes (tags, body) VALUES ('{rolled-back}', '{}')");
            throw new Error('the upstream call failed');
          }),
        ).rejects.toThrow('the upstream call failed');
        expect(await database.db.query("SELECT id FROM notes WHERE 'rolled-back' = ANY(tags)")).toEqual([]);
      });
    });
  });
}

const postgres = postgresTestDriver();
describe.skipIf(postgres.skipReason !== null)(`migrations racing on ${postgres.title}`, () => {
  it('lets two consoles opening one fresh database together both succeed, applying each migration once', async () => {
    const location = await postgres.freshLocation();
    try {
      const [first, second] = await Promise.all([openConsoleDb(location.options), openConsoleDb(location.options)]);
      expect((await appliedMigrations(first)).map((row) => row.id)).toEqual(MIGRATION_IDS);
      await Promise.all([first.close(), second.close()]);
    } finally {
      await location.remove();
    }
  });

  it('serialises the runners: one applies everything, the other finds nothing left', async () => {
    const location = await postgres.freshLocation();
    const drivers = await Promise.all([
      openDriver(location.options),
      openDriver(location.options),
      openDriver(location.options),
    ]);
    try {
      const applied = await Promise.all(drivers.map((db) => applyMigrations(db)));
      expect(applied.flat().sort()).toEqual([...MIGRATION_IDS].sort());
      expect(applied.filter((ids) => ids.length > 0)).toHaveLength(1);
    } finally {
      await Promise.all(drivers.map((db) => db.close()));
      await location.remove();
    }
  });
});

describe('the settings', () => {
  it('default to PGlite in .data/console-db with a pool of 10, empty values counting as unset', () => {
    const expected = {
      databaseUrl: undefined,
      poolSize: 10,
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 15_000,
      dataDir: path.resolve('.data/console-db'),
    };
    expect(consoleDbSettings({})).toEqual(expected);
    expect(consoleDbSettings({ DATABASE_URL: '', DATABASE_POOL_SIZE: '', CONSOLE_DATA_DIR: '' })).toEqual(expected);
  });

  it('read DATABASE_URL, DATABASE_POOL_SIZE and CONSOLE_DATA_DIR', () => {
    expect(
      consoleDbSettings({
        DATABASE_URL: 'postgres://u@db/console',
        DATABASE_POOL_SIZE: '25',
        CONSOLE_DATA_DIR: '/var/lib/console',
      }),
    ).toEqual({
      databaseUrl: 'postgres://u@db/console',
      poolSize: 25,
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 15_000,
      dataDir: '/var/lib/console',
    });
  });

  it('name every bad setting', () => {
    expect(() => consoleDbSettings({ DATABASE_URL: 'mysql://db', DATABASE_POOL_SIZE: 'many' })).toThrow(
      /Invalid console database settings:\n {2}DATABASE_URL: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/\n {2}DATABASE_POOL_SIZE: /,
    );
  });
});

describe('the process-wide database', () => {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, CONSOLE_DATA_DIR: process.env.CONSOLE_DATA_DIR };
  const root = tempDir('console-db-shared-');
  const dataDir = path.join(root, 'console-db');
  beforeAll(() => {
    delete process.env.DATABASE_URL;
    process.env.CONSOLE_DATA_DIR = dataDir;
  });
  afterEach(() => closeConsoleDb());
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('is opened once from CONSOLE_DATA_DIR and shared, and a direct open of its directory is refused', async () => {
    const [first, second] = await Promise.all([getConsoleDb(), getConsoleDb()]);
    expect(second).toBe(first);
    expect(first.kind).toBe('pglite');
    await expect(openConsoleDb({ dataDir })).rejects.toThrow(DataDirInUseError);
    // The first open creates the directory (initdb, in a child process): as slow as a hook on a busy machine.
  }, 120_000);

  it('opens again after close', async () => {
    const first = await getConsoleDb();
    await first.close();
    const second = await getConsoleDb();
    expect(second).not.toBe(first);
    expect(await second.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await closeConsoleDb();
    const third = await getConsoleDb();
    expect(third).not.toBe(second);
  });
});
