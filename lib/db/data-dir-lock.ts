/**
 * PGlite takes no lock on its data directory: a second instance on the same directory opens
 * silently, the two diverge and writes are lost. This lock file beside the directory, created
 * exclusively and holding the owner's pid, makes a second opener fail at once instead.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly holderPid: number | null,
  ) {
    const holder =
      holderPid === process.pid
        ? `this process (pid ${holderPid}); share the open instance through getConsoleDb()`
        : `process ${holderPid ?? '(unknown)'}`;
    super(
      `The console database at ${dataDir} is in use by ${holder} (lock file ${lockFile}). ` +
        'Stop that process, or set CONSOLE_DATA_DIR/DATABASE_URL for this one. ' +
        'If no such process is running, delete the lock file.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if this process still holds it. Safe to call more than once. */
  release(): void;
}

/** `<dir>.lock`: beside the directory, so PGlite finds its directory as it left it. */
export function lockFileFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function createExclusively(file: string): boolean {
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

/** The pid in the lock file; null when it is gone or holds no pid (its owner died while writing it). */
function holderPid(file: string): number | null {
  let content: string;
  try {
    content = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  return /^[1-9]\d*$/.test(content) ? Number(content) : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return errorCode(error) !== 'ESRCH';
  }
}

function removeIfHeldBy(file: string, pid: number | null): void {
  if (holderPid(file) !== pid) return;
  try {
    unlinkSync(file);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

/** Takes the directory for this process, or throws DataDirInUseError naming the holder. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  const file = lockFileFor(dir);
  mkdirSync(path.dirname(file), { recursive: true });

  if (!createExclusively(file)) {
    const holder = holderPid(file);
    if (holder !== null && isAlive(holder)) throw new DataDirInUseError(dir, file, holder);
    // A stale lock: its owner died without releasing it. Take it over; if another process
    // takes it over at the same moment, the exclusive create lets only one of us win.
    removeIfHeldBy(file, holder);
    if (!createExclusively(file)) throw new DataDirInUseError(dir, file, holderPid(file));
  }

  const release = () => {
    process.off('exit', release);
    removeIfHeldBy(file, process.pid);
  };
  // Also on process.exit() and a normal end; a process killed by a signal leaves a stale lock,
  // which the next opener takes over.
  process.on('exit', release);
  return { file, release };
}
