/**
 * Extra console instances for specs that need a console configured unlike the shared e2e one:
 * `next start` from the same production build (built by the stack's start script before any test
 * runs), against the same e2e emulator, with the stack's secret and settings plus the spec's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serviceUrls } from '../lib/service-defaults';
import { copyConsoleDbTemplate } from './console-db-template';
import { E2E_EMULATOR_URL, E2E_STACK_ENV } from './stack';

export interface ExtraConsole {
  url: string;
  /** Its PGlite directory (null on PostgreSQL). */
  dataDir: string | null;
  /**
   * Ends the console (SIGTERM, then SIGKILL after 5 s) and removes its temporary database
   * directory unless kept; says how the process ended.
   */
  stop(options?: { keepDataDir?: boolean }): Promise<ConsoleExit>;
}

export interface ConsoleExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From the SIGTERM to the end of the process (0 if it had already ended). */
  ms: number;
}

export interface ExtraConsoleOptions {
  /** A port of its own; a free one when not given (then the browser cannot sign in there: see E2E_APPROVALS_CONSOLE_PORT). */
  port?: number;
  /**
   * A PostgreSQL database; without one the console gets a PGlite database in a fresh temporary
   * directory, a copy of the migrated template (e2e/console-db-template.ts).
   */
  databaseUrl?: string;
  /** PGlite: an empty directory instead, which the console creates and migrates itself at its start, as in production. */
  emptyDataDir?: boolean;
  /** Settings on top of the stack's. */
  env?: Record<string, string>;
}

export function freePort(): Promise<number> {
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

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts a console and resolves once its sign-in page answers. */
export async function startConsole(options: ExtraConsoleOptions = {}): Promise<ExtraConsole> {
  const port = options.port ?? (await freePort());
  if (options.port !== undefined && !(await portIsFree(port)))
    throw new Error(`port ${port} for an extra console is taken`);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.databaseUrl ? null : mkdtempSync(path.join(os.tmpdir(), 'e2e-console-db-'));
  if (dataDir && !options.emptyDataDir) copyConsoleDbTemplate(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...E2E_STACK_ENV,
    ...serviceUrls(E2E_EMULATOR_URL),
    ...options.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXTAUTH_URL: url,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else {
    delete env.DATABASE_URL;
    delete env.DATABASE_MIGRATION_URL;
    env.CONSOLE_DATA_DIR = dataDir!;
  }
  const child = spawn(
    process.execPath,
    [path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-H', '127.0.0.1', '-p', String(port)],
    { env, stdio: 'ignore' },
  );
  const stop = async ({ keepDataDir = false } = {}): Promise<ConsoleExit> => {
    let ms = 0;
    if (child.exitCode === null && child.signalCode === null) {
      const signalled = Date.now();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(timer);
      ms = Date.now() - signalled;
    }
    if (dataDir && !keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    return { code: child.exitCode, signal: child.signalCode, ms };
  };
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (
      await fetch(`${url}/signin`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, dataDir, stop };
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the console on ${url} exited with ${child.exitCode}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the console on ${url} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
