/**
 * PGlite takes no lock on its data directory: a second instance on the same directory opens
 * silently, the two diverge and writes are lost. This lock file beside the directory, created
 * exclusively and naming the owner (pid and, on Linux, the process's start time, so a reused
 * pid is not mistaken for the owner), makes a second opener fail at once instead.
 */
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
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

/** Who holds a lock: a pid, and that process's start time where the system tells it (Linux). */
interface Holder {
  pid: number;
  startTime: string | null;
}

/** Start time of a process in clock ticks since boot (/proc/<pid>/stat, field 22), or null. */
function processStartTime(pid: number): string | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
    return fields?.[19] ?? null;
  } catch {
    return null;
  }
}

function describeHolder(holder: Holder): string {
  return holder.startTime === null ? String(holder.pid) : `${holder.pid} ${holder.startTime}`;
}

/** Lock files this process holds: a file naming this pid that is not among them is stale (the pid was reused). */
const heldHere = new Set<string>();

/**
 * Creates the lock file with its content in one step (a link to a file written beforehand), so
 * no other opener ever reads it empty.
 */
function createExclusively(file: string, content: string): boolean {
  const staging = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(staging, content);
  try {
    linkSync(staging, file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(staging);
  }
}

/** The holder named in the lock file; null when it is gone or names no pid. */
function readHolder(file: string): Holder | null {
  let content: string;
  try {
    content = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  const match = /^([1-9]\d*)(?: (\d+))?$/.exec(content);
  return match ? { pid: Number(match[1]), startTime: match[2] ?? null } : null;
}

/** Whether the holder still runs: its pid is alive and, where known, started when the lock says. */
function isRunning(holder: Holder, file: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    if (errorCode(error) === 'ESRCH') return false;
  }
  const startTime = processStartTime(holder.pid);
  return holder.startTime === null || startTime === null || startTime === holder.startTime;
}

function removeIfHeldBy(file: string, holder: Holder | null): void {
  const current = readHolder(file);
  if ((current && describeHolder(current)) !== (holder && describeHolder(holder))) return;
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

  const self: Holder = { pid: process.pid, startTime: processStartTime(process.pid) };
  const content = describeHolder(self);
  if (!createExclusively(file, content)) {
    const holder = readHolder(file);
    if (holder !== null && isRunning(holder, file)) throw new DataDirInUseError(dir, file, holder.pid);
    // A stale lock: its owner died without releasing it (or its pid now belongs to another
    // process). Take it over; if another process takes it over at the same moment, the
    // exclusive create lets only one of us win.
    removeIfHeldBy(file, holder);
    if (!createExclusively(file, content)) throw new DataDirInUseError(dir, file, readHolder(file)?.pid ?? null);
  }
  heldHere.add(file);

  const release = () => {
    process.off('exit', release);
    if (!heldHere.delete(file)) return;
    removeIfHeldBy(file, self);
  };
  // Also on process.exit() and a normal end; a process killed by a signal leaves a stale lock,
  // which the next opener takes over.
  process.on('exit', release);
  return { file, release };
}
