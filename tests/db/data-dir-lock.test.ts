import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, openConsoleDb } from '@/lib/db';
import { acquireDataDirLock, lockFileFor } from '@/lib/db/data-dir-lock';
import { pgliteTestDriver, tempDir } from './drivers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const CHILD = path.join(ROOT, 'tests', 'db', 'fixtures', 'open-console-db.ts');

function runChild(
  dataDir: string,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [CHILD, dataDir, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The pid of a process that has ended. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.once('error', reject);
    child.once('exit', () => (child.pid ? resolve(child.pid) : reject(new Error('no pid'))));
  });
}

/** What a lock file of this process holds: its pid, and its start time on Linux. */
const OWN_LOCK = new RegExp(`^${process.pid}( \\d+)?$`);

const roots: string[] = [];
function freshDataDir(): string {
  const root = tempDir('console-db-lock-');
  roots.push(root);
  return path.join(root, 'console-db');
}
const removals: (() => Promise<void>)[] = [];
/** A copy of the run's migrated database: the tests that open one are about its lock, not its making. */
async function migratedDataDir(): Promise<string> {
  const location = await pgliteTestDriver.migratedLocation();
  removals.push(location.remove);
  if (!location.options.dataDir) throw new Error('PGlite without a directory');
  return location.options.dataDir;
}
afterEach(async () => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  await Promise.all(removals.splice(0).map((remove) => remove()));
});

describe('the data directory lock file', () => {
  it('lives beside the directory and holds the pid until released', () => {
    const dataDir = freshDataDir();
    const lock = acquireDataDirLock(dataDir);
    expect(lock.file).toBe(`${dataDir}.lock`);
    expect(readFileSync(lock.file, 'utf8')).toMatch(OWN_LOCK);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
    lock.release();
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    acquireDataDirLock(dataDir).release();
  });

  it('does not remove a lock file that another process took over', () => {
    const dataDir = freshDataDir();
    const lock = acquireDataDirLock(dataDir);
    writeFileSync(lock.file, '1');
    lock.release();
    expect(readFileSync(lock.file, 'utf8')).toBe('1');
  });

  it('takes over a lock whose process is gone, or that holds no pid', async () => {
    const dataDir = freshDataDir();
    const file = lockFileFor(dataDir);
    writeFileSync(file, String(await deadPid()));
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(file, 'utf8')).toMatch(OWN_LOCK);
    lock.release();

    writeFileSync(file, '');
    acquireDataDirLock(dataDir).release();
  });

  it('takes over a lock whose pid was reused: by this very process after a restart, or by another', () => {
    const dataDir = freshDataDir();
    const file = lockFileFor(dataDir);
    // A console killed and restarted in a container often gets the same pid again.
    writeFileSync(file, String(process.pid));
    acquireDataDirLock(dataDir).release();
    // A live process that started long after the lock was written is not its owner.
    if (existsSync(`/proc/${process.ppid}/stat`)) {
      writeFileSync(file, `${process.ppid} 1`);
      acquireDataDirLock(dataDir).release();
    }
    expect(existsSync(file)).toBe(false);
  });
});

describe('a PGlite console database in use', () => {
  it('refuses a second open in the same process, naming the directory, the holder and the lock file', async () => {
    const dataDir = await migratedDataDir();
    const db = await openConsoleDb({ dataDir });
    try {
      const second = openConsoleDb({ dataDir });
      await expect(second).rejects.toThrow(DataDirInUseError);
      await expect(second).rejects.toThrow(
        `The console database at ${dataDir} is in use by this process (pid ${process.pid}); share the open instance through getConsoleDb() (lock file ${dataDir}.lock). Stop that process, or set CONSOLE_DATA_DIR/DATABASE_URL for this one.`,
      );
      // The refused open left the holder's lock in place.
      expect(readFileSync(`${dataDir}.lock`, 'utf8')).toMatch(OWN_LOCK);
    } finally {
      await db.close();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('makes another process fail at once with the message, and lets it open once released', async () => {
    const dataDir = await migratedDataDir();
    const db = await openConsoleDb({ dataDir });
    let refused;
    try {
      const started = performance.now();
      refused = await runChild(dataDir);
      console.info(
        `[timing] a second process was refused after ${Math.round(performance.now() - started)} ms (tsx start included)`,
      );
    } finally {
      await db.close();
    }
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      `The console database at ${dataDir} is in use by process ${process.pid} (lock file ${dataDir}.lock). Stop that process, or set CONSOLE_DATA_DIR/DATABASE_URL for this one.`,
    );

    const opened = await runChild(dataDir, '--exit-without-close');
    expect(opened).toMatchObject({ code: 0, stdout: 'opened pglite\n' });
    // Released by the child's exit handler although it never closed the database.
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('opens over a stale lock left by a process that died', async () => {
    const dataDir = await migratedDataDir();
    writeFileSync(`${dataDir}.lock`, String(await deadPid()));
    const db = await openConsoleDb({ dataDir });
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toMatch(OWN_LOCK);
    await db.close();
  });
});
