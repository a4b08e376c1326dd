/**
 * `npm run bench`: builds the console for production (unless `.next` is the build of today's
 * sources, as `npm start` decides: scripts/production-build.ts), starts the emulator and the
 * console on loopback ports of their own, with the console's database as after a day of running
 * (`bench/steady-state.ts`), signs an operator in, then runs the sections of
 * `bench/sections/index.ts` (first row on screen beside react-admin, client weight, server time
 * per page, memory, …). Prints one table with every budget, the measured value, the anchor and
 * PASS or FAIL, and writes `bench/results/latest.json`. `npm run bench -- --check` exits
 * non-zero when a budget fails.
 *
 * Every budget is a ratio or a side-by-side comparison taken in this one run, because the
 * machine may be busy with other work: the load average before and after is printed and kept.
 * The emulator's rate limit is lifted for the run: the bench measures the console's own cost,
 * not the service's throttling.
 *
 * Settings: BENCH_SKIP_BUILD=1 reuses an existing build even when the sources changed;
 * BENCH_ONLY=name,name runs only those sections; BENCH_PRESET (default `default`) is the
 * emulator's seed size; BENCH_DURATION_S (default 8) seconds of load per target, split into
 * BENCH_ROUNDS (default 2) alternating rounds; BENCH_CPU_PROF=dir writes the console's V8 CPU
 * profiles there (`bench/cpu-profile.ts` sums them by package and file); BENCH_PORT_BASE
 * (default 3306) the console's port, the emulator on base + 1000, sections' own servers from
 * base + 10; the sections' own settings are in their files.
 *
 * BENCH_BASE=<git revision> measures the console of that commit beside the current one, in the
 * same run (docs/bench-base.md): its worktree and build are made once under
 * `.data/bench/base-<commit hash>` (`bench/base-worktree.ts`) and reused by later runs; its
 * console runs on BENCH_PORT_BASE + 1 with its own database folder, against the same emulator and
 * signed in with the same cookie. The client-weight, server-time and first-row sections then
 * report the base beside the current console (their files say how); the others ignore it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { CONTROL_HEADERS } from '../emulator/control';
import { consoleNodeFlags } from '../scripts/console-runtime';
import { checkProductionBuild } from '../scripts/production-build';
import { failedRow, failures, formatTable, type BudgetRow } from './budgets';
import { prepareBaseWorktree } from './base-worktree';
import type { BenchBase, BenchContext, FaultRule } from './context';
import { SECTIONS } from './sections';
import { peerPort } from './sections/first-row';
import { benchConsoleEnv } from './console-env';
import { consoleSessionCookie, machineAccessToken } from './session';
import { seedSteadyState } from './steady-state';

const ROOT = path.resolve(import.meta.dirname, '..');
const LOG_DIR = path.join(ROOT, '.data', 'bench');
const RESULTS = path.join(ROOT, 'bench', 'results', 'latest.json');

const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3306);
const CONSOLE_PORT = PORT_BASE;
const EMULATOR_PORT = PORT_BASE + 1000;
const CONSOLE_URL = `http://127.0.0.1:${CONSOLE_PORT}`;
const BASE_REVISION = process.env.BENCH_BASE?.trim() || undefined;
const BASE_CONSOLE_URL = `http://127.0.0.1:${PORT_BASE + 1}`;
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
const PRESET = process.env.BENCH_PRESET ?? 'default';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);
const CHECK = process.argv.includes('--check');

const children: ChildProcess[] = [];
const log = (message: string) => console.log(`[bench] ${message}`);

/** A child in its own process group, so stopping it stops what it spawned (next-server). */
function start(name: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): ChildProcess {
  mkdirSync(LOG_DIR, { recursive: true });
  const output = createWriteStream(path.join(LOG_DIR, `${name}.log`));
  const child = spawn(process.execPath, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(output);
  child.stderr?.pipe(output);
  children.push(child);
  return child;
}

function stopAll(): void {
  for (const child of children) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} exited (see ${LOG_DIR})`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function setFaults(rules: FaultRule[]): Promise<void> {
  const response = await fetch(`${EMULATOR_URL}/__control/faults`, {
    method: 'POST',
    headers: { ...CONTROL_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify(rules),
  });
  if (!response.ok)
    throw new Error(`the emulator refused the fault rules (HTTP ${response.status}): ${await response.text()}`);
}

const loadAverage = () => Math.round(loadavg()[0]! * 100) / 100;

async function main(): Promise<void> {
  const started = Date.now();
  const nextBinIn = (dir: string) => path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next');
  const nextBin = nextBinIn(ROOT);
  const tsxCli = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const secret = randomBytes(32).toString('base64url');
  const baseEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  const freePort = (index: number) => PORT_BASE + 10 + index;
  const peerOrigin = `http://127.0.0.1:${peerPort({ freePort })}`;

  log(`starting the emulator (${PRESET} preset)…`);
  const emulator = start('emulator', [tsxCli, 'emulator/main.ts'], {
    ...baseEnv,
    EMULATOR_HOST: '127.0.0.1',
    EMULATOR_PORT: String(EMULATOR_PORT),
    EMULATOR_PUBLIC_URL: EMULATOR_URL,
    EMULATOR_PRESET: PRESET,
    EMULATOR_RATE_LIMIT_READ: '1000000',
    EMULATOR_CONSOLE_REDIRECT_URIS: `${CONSOLE_URL}/api/auth/callback/voice`,
    // The react-admin peer is a browser app on its own origin.
    EMULATOR_CORS_ORIGINS: peerOrigin,
  });

  const build = checkProductionBuild(ROOT);
  if (process.env.BENCH_SKIP_BUILD === '1') log('using the existing build (BENCH_SKIP_BUILD=1)');
  else if (build.upToDate) log('the production build is up to date');
  else {
    log('building the console for production…');
    if (
      (await exited(
        start('build', [nextBin, 'build'], { ...baseEnv, NODE_ENV: 'production', NEXTAUTH_SECRET: secret }),
      )) !== 0
    ) {
      throw new Error(`the production build failed (see ${LOG_DIR}/build.log)`);
    }
    build.stamp();
  }
  const baseWorktree = BASE_REVISION
    ? await prepareBaseWorktree({
        root: ROOT,
        revision: BASE_REVISION,
        log,
        build: async (dir) => {
          if (
            (await exited(
              start(
                'base-build',
                [nextBinIn(dir), 'build'],
                { ...baseEnv, NODE_ENV: 'production', NEXTAUTH_SECRET: secret },
                dir,
              ),
            )) !== 0
          ) {
            throw new Error(`the base's production build failed (see ${LOG_DIR}/base-build.log)`);
          }
        },
      })
    : undefined;

  await waitForHttp(`${EMULATOR_URL}/healthz`, emulator, 30 * 60_000);
  const profileDir = process.env.BENCH_CPU_PROF;
  // A V8 CPU profile of the console, written when the bench stops it (not allowed in NODE_OPTIONS).
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const dataDir = path.join('.data', 'console-db-bench');
  const seeded = await seedSteadyState(path.join(ROOT, dataDir));
  log(
    `console database as after a day of running (bench/steady-state.ts): ${seeded.samples} minute(s) of stuck samples added, the finished job ${seeded.job ? 'added' : 'already there'}, ${seeded.readings} dashboard reading(s) added`,
  );
  const consoleProcess = start(
    'console',
    [...profileArgs, ...consoleNodeFlags(), nextBin, 'start', '-H', '127.0.0.1', '-p', String(CONSOLE_PORT)],
    benchConsoleEnv({ consoleUrl: CONSOLE_URL, emulatorUrl: EMULATOR_URL, secret, dataDir, base: baseEnv }),
  );
  await waitForHttp(`${CONSOLE_URL}/api/health`, consoleProcess, 120_000);
  let base: BenchBase | undefined;
  if (baseWorktree) {
    await seedSteadyState(path.join(baseWorktree.dir, dataDir));
    const baseProcess = start(
      'base-console',
      [...consoleNodeFlags(), nextBinIn(baseWorktree.dir), 'start', '-H', '127.0.0.1', '-p', String(PORT_BASE + 1)],
      benchConsoleEnv({ consoleUrl: BASE_CONSOLE_URL, emulatorUrl: EMULATOR_URL, secret, dataDir, base: baseEnv }),
      baseWorktree.dir,
    );
    await waitForHttp(`${BASE_CONSOLE_URL}/api/health`, baseProcess, 120_000);
    base = { ...baseWorktree, consoleUrl: BASE_CONSOLE_URL, consolePid: baseProcess.pid! };
    log(`base console (${baseWorktree.commit.slice(0, 7)}) on ${BASE_CONSOLE_URL}`);
  }

  const { accessToken, expiresIn } = await machineAccessToken(EMULATOR_URL);
  const cookie = await consoleSessionCookie({ secret, accessToken, expiresIn });
  const context: BenchContext = {
    root: ROOT,
    consoleUrl: CONSOLE_URL,
    emulatorUrl: EMULATOR_URL,
    cookie,
    accessToken,
    consolePid: consoleProcess.pid!,
    base,
    durationSeconds: DURATION_S,
    rounds: ROUNDS,
    freePort,
    setFaults,
    log,
  };

  const machine = { cores: availableParallelism(), loadAverageBefore: loadAverage(), loadAverageAfter: Number.NaN };
  const rows: BudgetRow[] = [];
  const details: Record<string, unknown> = {};
  for (const section of SECTIONS) {
    if (ONLY.size > 0 && !ONLY.has(section.name)) continue;
    const sectionStarted = Date.now();
    try {
      const result = await section.run(context);
      rows.push(...result.rows);
      details[section.name] = result.details ?? null;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      rows.push(
        failedRow(
          { id: `${section.name}.error`, title: `${section.name}: ran`, comparison: 'at-least', limit: 1, unit: 'x' },
          reason,
        ),
      );
      details[section.name] = { error: reason };
    } finally {
      await setFaults([]).catch(() => undefined);
    }
    log(`${section.name} took ${Math.round((Date.now() - sectionStarted) / 1000)} s`);
  }
  machine.loadAverageAfter = loadAverage();
  const seconds = Math.round((Date.now() - started) / 1000);

  console.log(`\n${formatTable(rows)}\n`);
  console.log(
    `machine: ${machine.cores} cores, load average ${machine.loadAverageBefore} before and ${machine.loadAverageAfter} after; the bench took ${seconds} s`,
  );
  if (machine.loadAverageBefore > machine.cores / 2)
    log('note: the machine was busy with other work; figures are noisier than usual');

  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(
    RESULTS,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, preset: PRESET, durationSeconds: DURATION_S, rounds: ROUNDS, seconds, machine, ...(base ? { base: { revision: base.revision, commit: base.commit } } : {}), budgets: rows, details }, null, 2)}\n`,
  );
  log(`wrote ${path.relative(ROOT, RESULTS)}`);
  const failed = failures(rows);
  if (failed.length > 0) log(`${failed.length} budget(s) failed: ${failed.map((row) => row.id).join(', ')}`);
  if (CHECK && failed.length > 0) process.exitCode = 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

main()
  .catch((error: unknown) => {
    console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(stopAll);
