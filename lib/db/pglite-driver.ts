/** The embedded driver: PGlite in a directory of its own, guarded by a lock file. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { acquireDataDirLock } from './data-dir-lock';
import { scheduleUpkeep } from './pglite-upkeep';
import type { ConsoleDbDriver, ScriptRunner } from './types';
import { logger } from '@/lib/observability/logger';
import { tracedQuery } from '@/lib/observability/tracing';

/**
 * PostgreSQL's own page cache inside PGlite's WASM memory. PostgreSQL's default is resident once
 * touched; the console's tables are small and the files stay in the operating system's cache, so
 * a small one costs little time and saves most of that memory.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
const START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

export interface PGliteDriverOptions {
  /**
   * Create a new directory (initdb) in a short-lived child process, then open it here. PGlite's
   * initdb leaves several times the console's working memory of WASM memory in the process that ran it, for as long as the
   * database stays open: the console server creates its directory apart (getConsoleDb); tests
   * and tools that open throwaway directories create them in process.
   */
  initializeApart?: boolean;
  /** Vacuum and analyze on a schedule, as autovacuum would (pglite-upkeep.ts); the console server does. */
  upkeep?: boolean;
}

export function pgliteScriptRunner(target: PGlite | Transaction): ScriptRunner {
  return {
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      tracedQuery(sql, async () => (await target.query<T>(sql, [...params])).rows),
    exec: async (script: string) => {
      await target.exec(script);
    },
  };
}

/** Creates the database directory in a child Node.js process (see `initializeApart`). */
function initializeInChild(dir: string): Promise<void> {
  const script = [
    "const { PGlite } = await import('@electric-sql/pglite');",
    `const pg = await PGlite.create({ dataDir: process.env.PGLITE_INIT_DIR, startParams: ${JSON.stringify(START_PARAMS)} });`,
    'await pg.close();',
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: process.cwd(),
      env: { ...process.env, PGLITE_INIT_DIR: dir, NODE_OPTIONS: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2_000);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`initdb in a child process exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * A new directory made in a child process under a temporary name and moved into place once
 * complete, so a failed attempt never leaves a half-made directory behind; on failure the open
 * that follows creates it in process.
 */
async function createApart(dir: string): Promise<void> {
  const staging = `${dir}.initdb-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await initializeInChild(staging);
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Still correct in process, only heavier.
    logger('db').warn(
      `could not create the console database in a child process, creating it here: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export async function openPGliteDriver(dataDir: string, options: PGliteDriverOptions = {}): Promise<ConsoleDbDriver> {
  const dir = path.resolve(dataDir);
  const lock = acquireDataDirLock(dir);
  let pglite: PGlite;
  try {
    if (options.initializeApart && (!existsSync(dir) || readdirSync(dir).length === 0)) await createApart(dir);
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create({ dataDir: dir, startParams: START_PARAMS });
  } catch (error) {
    lock.release();
    throw error;
  }

  const runner = pgliteScriptRunner(pglite);
  const upkeep = options.upkeep ? scheduleUpkeep(runner) : null;
  const closeOnce = async () => {
    try {
      await upkeep?.stop();
      await pglite.close();
    } finally {
      lock.release();
    }
  };
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    query: runner.query,
    transaction: (fn) => pglite.transaction((tx) => fn(pgliteScriptRunner(tx))),
    close: () => (closing ??= closeOnce()),
  };
}
