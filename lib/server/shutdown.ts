/**
 * A console server's graceful stop, on SIGTERM or SIGINT.
 *
 * `next start` has its own handler: it closes the HTTP server, lets the requests in flight finish,
 * then calls `process.exit` at once. On an idle console that exit comes almost at once after the
 * signal: before the job runner had handed its unstarted items back (they then waited for their
 * lease to run out) and with the embedded database never closed (PGlite's `postmaster.pid` left
 * behind, and a crash recovery at the next start). So from the signal on, the background work
 * stops, and an exit waits for it and then closes the database: after the requests in flight,
 * which Next has let finish by the time it exits.
 */
import { logger } from '@/lib/observability/logger';

/** What the stop needs of the process: `process` itself, or a stand-in in tests. */
export interface ShutdownProcess {
  on(signal: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
  exit: (code?: number) => never;
  env: Readonly<Record<string, string | undefined>>;
}

export interface GracefulShutdownOptions {
  /** Stops the work that runs without requests (the job runner, the stuck sampler). */
  stopBackgroundWork: () => Promise<void>;
  /** Closes the console database: at exit, once the background work stopped. */
  closeDatabase: () => Promise<void>;
  /** An exit waits at most this long for the two above (inside a usual 30 s grace period). */
  timeoutMs?: number;
  log?: (line: string) => void;
}

export const SHUTDOWN_TIMEOUT_MS = 15_000;

/** Marks a process whose stop is installed: Next's dev server may run the start hook again. */
const INSTALLED = Symbol.for('voice-console.graceful-shutdown');

/**
 * Installs the stop on `target`. Where Next does not exit by itself (`NEXT_MANUAL_SIG_HANDLE`),
 * this stop exits with 0 once the background work stopped and the database closed.
 */
export function installGracefulShutdown(target: ShutdownProcess, options: GracefulShutdownOptions): void {
  const marked = target as ShutdownProcess & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  const {
    stopBackgroundWork,
    closeDatabase,
    timeoutMs = SHUTDOWN_TIMEOUT_MS,
    log = (line) => logger('console').info(line),
  } = options;
  const exit = target.exit.bind(target);
  const failed = (what: string) => (error: unknown) =>
    log(`[console] ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  let backgroundStopped: Promise<void> | undefined;
  let exiting = false;

  const exitWhenStopped = (code?: number): never => {
    if (!exiting) {
      exiting = true;
      const stopped = (backgroundStopped ?? Promise.resolve()).then(() =>
        closeDatabase().catch(failed('closing the console database')),
      );
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          log(`[console] the graceful stop took over ${timeoutMs} ms: exiting without it`);
          resolve();
        }, timeoutMs);
      });
      void Promise.race([stopped, timedOut]).then(() => {
        clearTimeout(timer);
        exit(code);
      });
    }
    // Callers treat exit() as the end; what they do after it is not awaited.
    return undefined as never;
  };

  const onSignal = () => {
    if (backgroundStopped) return;
    backgroundStopped = stopBackgroundWork().catch(failed('stopping the background work'));
    target.exit = exitWhenStopped;
    if (target.env.NEXT_MANUAL_SIG_HANDLE) void backgroundStopped.then(() => target.exit(0));
  };
  target.on('SIGTERM', onSignal);
  target.on('SIGINT', onSignal);
}
