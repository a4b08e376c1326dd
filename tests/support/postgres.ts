/**
 * PostgreSQL for the tests: TEST_DATABASE_URL when set, otherwise a throwaway cluster started
 * once per run by global-setup.ts from the machine's PostgreSQL binaries (Debian's
 * /usr/lib/postgresql/<version>/bin, or initdb and pg_ctl on PATH). Without binaries the
 * PostgreSQL tests are skipped with the reason, never passed silently. Each test file makes
 * databases of its own with createTestDatabase().
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** What global setup hands the test files: a server URL to create databases on, or why there is none. */
export type TestPostgres = { adminUrl: string; skipReason: null } | { adminUrl: null; skipReason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testPostgres: TestPostgres;
  }
}

export interface TestPostgresServer {
  postgres: TestPostgres;
  stop(): Promise<void>;
}

function findBinDir(): string | null {
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = path.join(debianRoot, version, 'bin');
      if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the test server, or explains why there is none. Throws if binaries exist but fail. */
export async function startTestPostgres(): Promise<TestPostgresServer> {
  const externalUrl = process.env.TEST_DATABASE_URL;
  if (externalUrl) return { postgres: { adminUrl: externalUrl, skipReason: null }, stop: async () => {} };

  const binDir = findBinDir();
  if (!binDir) {
    return {
      postgres: {
        adminUrl: null,
        skipReason:
          'no PostgreSQL binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or on PATH, and TEST_DATABASE_URL is unset',
      },
      stop: async () => {},
    };
  }

  // initdb refuses to run as root: run the cluster as the postgres OS user then.
  const asRoot = process.getuid?.() === 0;
  let owner: { uid: number; gid: number } | null = null;
  if (asRoot) {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) {
      return {
        postgres: { adminUrl: null, skipReason: 'running as root and there is no postgres OS user to run initdb as' },
        stop: async () => {},
      };
    }
    owner = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }

  const started = performance.now();
  const root = mkdtempSync(path.join(os.tmpdir(), 'console-test-pg-'));
  if (owner) chownSync(root, owner.uid, owner.gid);
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const run = (program: string, args: string[]) => {
    const [command, commandArgs] = owner
      ? ['runuser', ['-u', 'postgres', '--', path.join(binDir, program), ...args]]
      : [path.join(binDir, program), args];
    // cwd: the postgres user may not be able to enter ours.
    const result = spawnSync(command, commandArgs, { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      throw new Error(`${program} failed (exit ${result.status}):\n${result.stderr}${result.stdout}${log}`);
    }
  };
  const stop = async () => {
    run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    rmSync(root, { recursive: true, force: true });
  };

  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const port = await freePort();
    // Durability off: the cluster lives for one test run.
    const serverOptions = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.info(`[tests] PostgreSQL (${binDir}) test cluster on 127.0.0.1:${port} started in ${seconds} s`);
    return { postgres: { adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`, skipReason: null }, stop };
  } catch (error) {
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) await stop();
    else rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/** Runs one statement on the test server as its administrator. */
export async function onServer(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the test server, so test files never share tables: empty, or a copy of
 * `template` (a database of that server no one is connected to, see template-databases.ts).
 */
export async function createTestDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  // A generated name (identifiers cannot be parameters): letters, digits and underscore only.
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
