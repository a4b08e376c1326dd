/**
 * The base of a side-by-side bench (`BENCH_BASE=<git revision> npm run bench`): a detached git
 * worktree of that commit under `.data/bench/base-<commit hash>`, with the current checkout's
 * node_modules hard-linked in (`cp -al`) and a production build. Keyed by the resolved hash, so a
 * later run of the same base reuses it as it is: nothing in it changes after its build.
 *
 * node_modules is a hard-linked copy, not a symlink: Turbopack refuses a node_modules symlink that
 * leads out of the project's root, and the worktree is a project root of its own (its `.git`
 * file stops Next's search for a workspace root there). When the base's lockfile asks for a
 * package the current one does not have at the same version, `npm install` then brings the copy
 * to the base's lockfile (npm replaces a package's folder, it does not write into the linked files).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface BaseWorktreeState {
  /** Git lists the directory among its worktrees. */
  registered: boolean;
  /** The directory exists. */
  exists: boolean;
  nodeModules: boolean;
  /** A build of this bench completed there (its marker is in `.next`). */
  built: boolean;
}

export type BaseStep = 'prune' | 'add' | 'link-modules' | 'install' | 'build';

/** Where the base worktree of a commit lives. */
export function baseWorktreeDir(root: string, commit: string): string {
  return path.join(root, '.data', 'bench', `base-${commit}`);
}

/**
 * What is left to do before the base can run, in order. A directory that exists but that git does
 * not know as a worktree is left alone (it may be someone's files): the bench stops and says so.
 */
export function planBaseWorktree(state: BaseWorktreeState, packagesDiffer: boolean): BaseStep[] {
  if (state.exists && !state.registered)
    throw new Error('exists but is not a git worktree: remove it, or pick another BENCH_BASE');
  const steps: BaseStep[] = [];
  if (!state.exists) steps.push(...(state.registered ? (['prune'] as const) : []), 'add');
  const fresh = !state.exists || !state.nodeModules;
  if (fresh) steps.push('link-modules');
  if (fresh && packagesDiffer) steps.push('install');
  if (fresh || !state.built) steps.push('build');
  return steps;
}

interface Lockfile {
  packages?: Record<string, { version?: string; resolved?: string; link?: boolean }>;
}

/**
 * The installed paths (`node_modules/…`) the base's lockfile wants that the current lockfile does
 * not have at the same version: what a hard-linked copy of the current node_modules lacks.
 */
export function packagesMissingFromCurrent(baseLock: Lockfile, currentLock: Lockfile): string[] {
  const current = currentLock.packages ?? {};
  return Object.entries(baseLock.packages ?? {})
    .filter(([key, entry]) => key !== '' && !entry.link && current[key]?.version !== entry.version)
    .map(([key]) => key);
}

const BUILT_MARKER = path.join('.next', 'bench-base-built');

function git(root: string, args: string[]): string {
  const result = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${(result.stderr || result.stdout).trim()}`);
  return result.stdout.trim();
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}: ${(result.stderr || result.stdout).slice(-2000)}`);
}

function lockAt(root: string, commit: string): Lockfile {
  const result = spawnSync('git', ['-C', root, 'show', `${commit}:package-lock.json`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return result.status === 0 ? (JSON.parse(result.stdout) as Lockfile) : {};
}

const currentLock = (root: string): Lockfile =>
  existsSync(path.join(root, 'package-lock.json'))
    ? (JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lockfile)
    : {};

export interface BaseWorktree {
  revision: string;
  commit: string;
  dir: string;
}

/**
 * Makes the base worktree of `revision` ready to start (or finds it ready). `build` runs
 * `next build` in the directory with the bench's environment and rejects when it fails.
 */
export async function prepareBaseWorktree(options: {
  root: string;
  revision: string;
  log(message: string): void;
  build(dir: string): Promise<void>;
}): Promise<BaseWorktree> {
  const { root, revision, log } = options;
  const commit = git(root, ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`]);
  const dir = baseWorktreeDir(root, commit);
  const registered = git(root, ['worktree', 'list', '--porcelain'])
    .split('\n')
    .some((line) => line.startsWith('worktree ') && path.resolve(line.slice('worktree '.length)) === path.resolve(dir));
  const state = {
    registered,
    exists: existsSync(dir),
    nodeModules: existsSync(path.join(dir, 'node_modules')),
    built: existsSync(path.join(dir, BUILT_MARKER)),
  };
  const missing = packagesMissingFromCurrent(lockAt(root, commit), currentLock(root));
  let steps: BaseStep[];
  try {
    steps = planBaseWorktree(state, missing.length > 0);
  } catch (error) {
    throw new Error(`${path.relative(root, dir)} ${error instanceof Error ? error.message : String(error)}`);
  }
  const name = commit.startsWith(revision) ? commit.slice(0, 7) : `${revision} (${commit.slice(0, 7)})`;
  if (steps.length === 0) log(`base ${name}: reusing its worktree and build in ${path.relative(root, dir)}`);
  for (const step of steps) {
    if (step === 'prune') git(root, ['worktree', 'prune']);
    if (step === 'add') {
      log(`base ${name}: adding a worktree in ${path.relative(root, dir)}…`);
      git(root, ['worktree', 'add', '--detach', dir, commit]);
    }
    if (step === 'link-modules') {
      // Copied under another name first: an interrupted copy is never taken for a whole one.
      const partial = path.join(dir, 'node_modules.partial');
      rmSync(partial, { recursive: true, force: true });
      run('cp', ['-al', path.join(root, 'node_modules'), partial], root);
      renameSync(partial, path.join(dir, 'node_modules'));
    }
    if (step === 'install') {
      log(
        `base: its lockfile wants ${missing.length} package(s) the current node_modules lacks (${missing.slice(0, 3).join(', ')}…): npm install there…`,
      );
      run('npm', ['install', '--no-audit', '--no-fund', '--no-save'], dir);
    }
    if (step === 'build') {
      log(`base: building ${commit.slice(0, 7)} for production…`);
      rmSync(path.join(dir, BUILT_MARKER), { force: true });
      await options.build(dir);
      writeFileSync(path.join(dir, BUILT_MARKER), `${commit}\n`);
    }
  }
  return { revision, commit, dir };
}
