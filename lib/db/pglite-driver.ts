/** The embedded driver: PGlite in a directory of its own, guarded by a lock file. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { acquireDataDirLock } from './data-dir-lock';
import type { ConsoleDbDriver, ScriptRunner } from './types';

function scriptRunner(target: PGlite | Transaction): ScriptRunner {
  return {
    query: async <T>(sql: string, params: readonly unknown[] = []) => (await target.query<T>(sql, [...params])).rows,
    exec: async (script: string) => {
      await target.exec(script);
    },
  };
}

export async function openPGliteDriver(dataDir: string): Promise<ConsoleDbDriver> {
  const dir = path.resolve(dataDir);
  const lock = acquireDataDirLock(dir);
  let pglite: PGlite;
  try {
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create({ dataDir: dir });
  } catch (error) {
    lock.release();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    query: scriptRunner(pglite).query,
    transaction: (fn) => pglite.transaction((tx) => fn(scriptRunner(tx))),
    close: () => (closing ??= pglite.close().finally(() => lock.release())),
  };
}
