/**
 * The Debian packages `npm test` needs beyond node_modules: `chromium-headless-shell` for the
 * browser tests and `postgresql` for the PostgreSQL pass of the database tests. Installed with apt-get when this
 * runs as root on a machine that has it; otherwise the test run stops at once with the one
 * command to run, rather than failing minutes later at the browser tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export type Env = Record<string, string | undefined>;

/**
 * Where the bench launches Chromium from: the browser operators run, whose page times it reports
 * (bench/sections). CHROMIUM_PATH names another build, for the bench and the tests alike.
 */
export function chromiumPath(env: Env): string {
  return env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * Where the browser tests launch Chromium from (playwright.config.ts): Debian's
 * chromium-headless-shell, the same engine without the desktop browser's shell. The full
 * `chromium`, started headless through Debian's launcher (which adds GPU rasterization, done in
 * software on a machine without a GPU), spent far more CPU over the same specs in
 * its browser and GPU processes and renderers, and the browser runs are bound by CPU.
 */
export function testChromiumPath(env: Env): string {
  return env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
}

/**
 * A Chromium flag: no host name but loopback resolves. Seeded avatars and hostile records point
 * at hosts outside this machine, which the browser tests and the bench must never fetch. Not a
 * Playwright route, which would turn off the browser's HTTP cache, so that every navigation
 * would download the console's scripts again, as no operator's browser does.
 */
export const CHROMIUM_LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost';

/** Whether initdb and pg_ctl exist where tests/support/postgres.ts looks for them. */
function hasPostgresBinaries(env: Env, exists: (file: string) => boolean, listDir: (dir: string) => string[]): boolean {
  const debianRoot = '/usr/lib/postgresql';
  const dirs = [
    ...(exists(debianRoot) ? listDir(debianRoot).map((version) => path.join(debianRoot, version, 'bin')) : []),
    ...(env.PATH ?? '').split(path.delimiter).filter(Boolean),
  ];
  return dirs.some((dir) => exists(path.join(dir, 'initdb')) && exists(path.join(dir, 'pg_ctl')));
}

/** The Debian packages missing on this machine, in install order. */
export function missingPackages(
  env: Env,
  exists: (file: string) => boolean = existsSync,
  listDir: (dir: string) => string[] = (dir) => readdirSync(dir),
): string[] {
  const missing: string[] = [];
  if (!exists(testChromiumPath(env))) missing.push('chromium-headless-shell');
  // An existing server named by TEST_DATABASE_URL replaces the throwaway cluster.
  if (!env.TEST_DATABASE_URL && !hasPostgresBinaries(env, exists, listDir)) missing.push('postgresql');
  return missing;
}

/** The one command that installs `packages` by hand. */
export function installCommand(packages: string[], asRoot: boolean): string {
  const sudo = asRoot ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;
}

/**
 * Installs what is missing when it can. Returns null when everything is there, or the reason the
 * run must stop (with the command to run) when it is not.
 */
export function ensureSystemPackages(env: Env = process.env): string | null {
  const missing = missingPackages(env);
  if (missing.length === 0) return null;
  const asRoot = process.getuid?.() === 0;
  const command = installCommand(missing, asRoot);
  const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!asRoot || !hasAptGet) {
    const why = hasAptGet ? 'not running as root' : 'apt-get not found';
    return `missing ${missing.join(', ')} (${why}); install with:\n  ${command}\nor set CHROMIUM_PATH / TEST_DATABASE_URL to ones you have`;
  }
  console.log(`\n=== installing Debian packages: ${missing.join(' ')}`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: aptEnv });
    if (result.status !== 0) return `apt-get ${args[0]} failed; run by hand:\n  ${command}`;
  }
  const still = missingPackages(env);
  return still.length === 0 ? null : `still missing after apt-get: ${still.join(', ')}`;
}
