/**
 * `npm test`: installs the Debian packages the tests need (or stops at once saying how), then
 * Vitest, lint and the console's production build side by side, the type-check after the build,
 * and once the build and Vitest are done, Playwright in Chromium: the specs split into E2E_SHARDS runs (default 3,
 * scripts/e2e-shards.ts) that go side by side, each against a freshly started emulator and console
 * of its own. Runs every stage even when one fails, and ends with each stage's time and the
 * machine's load, then one line `N passed, N failed` totalling the Vitest and Playwright tests (a
 * failed type-check or lint counts as one failure each), after the names of the tests that failed
 * or passed only on a retry.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_CONSOLE_PORT, E2E_EMULATOR_PORT, e2eReportFile } from '../e2e/stack';
import { onOutputLines } from './child-lines';
import { e2eShards, specFiles } from './e2e-shards';
import { busyShare, readCpuTimes, stageEnded, stageTimesLine, type StageTime } from './machine-load';
import { checkProductionBuild } from './production-build';
import {
  playwrightOutcomes,
  playwrightReportSchema,
  readReport,
  vitestErrorLines,
  vitestFileFailures,
  vitestOutcomes,
  vitestReportSchema,
} from './test-reports';
import { ROOT } from './settings';
import { ensureSystemPackages } from './system-packages';

const REPORTS = path.join(ROOT, '.data', 'reports');

/**
 * A failed test runs once more (TEST_RETRIES, default 1). On two cores a few tests bound by time
 * (rate windows, token lifetimes, first paint) miss now and then under load; a test that passes
 * only on its retry counts as passed and is named under "Passed only on a retry" above the totals,
 * so it stays in sight. A test that fails twice fails.
 */
const RETRIES = Math.max(0, Number.parseInt(process.env.TEST_RETRIES ?? '1', 10) || 0);

/**
 * A child's exit code. `close` waits for its output to end as well, which an exit may precede:
 * for a child whose output is read in full. A Playwright run is awaited on `exit`, as its web
 * server's processes may hold the output open after it.
 */
function exitCode(child: ChildProcess, event: 'exit' | 'close' = 'exit'): Promise<number> {
  return new Promise((resolve) =>
    child.once(event, (code: number | null, signal: NodeJS.Signals | null) => resolve(code ?? (signal ? 1 : 0))),
  );
}

/** Runs a command with its output passed through as it comes; resolves to its exit code and output lines. */
async function run(label: string, command: string, args: string[]): Promise<{ code: number; lines: string[] }> {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const lines: string[] = [];
  const code = exitCode(child, 'close');
  onOutputLines(child, (line) => {
    lines.push(line);
    process.stdout.write(`${line}\n`);
  });
  return { code: await code, lines };
}

/**
 * Lint, the type-check and the build run beside Vitest at a lower CPU priority (what their
 * processes start inherits it): they need only the cores' idle time, while many of Vitest's tests
 * wait for work with a deadline. At equal priority, the job engine's runs on PGlite missed theirs.
 */
const BESIDE_TESTS_NICENESS = 10;

function besideTests(child: ChildProcess): void {
  if (child.pid !== undefined) os.setPriority(child.pid, BESIDE_TESTS_NICENESS);
}

/** Runs a command beside Vitest with its output held back, then prints it in one piece. */
async function runHeld(label: string, command: string, args: string[]): Promise<number> {
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  besideTests(child);
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const code = await exitCode(child, 'close');
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  process.stdout.write(Buffer.concat(output));
  return code;
}

/**
 * Builds the console for production unless `.next` is the build of today's sources, as the e2e
 * stack's start script would (scripts/start.ts), so that the end-to-end runs find it built. It
 * needs nothing Vitest does: the two go side by side, the build filling the cores Vitest leaves
 * idle while its tests wait. Resolves to whether `.next` is then up to date.
 */
async function buildConsole(): Promise<boolean> {
  const build = checkProductionBuild(ROOT);
  if (build.upToDate) {
    console.log('\n=== production build: up to date');
    return true;
  }
  const nextBin = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    CONSOLE_BUILD_TYPECHECKED: '1',
  };
  const child = spawn(process.execPath, [nextBin, 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
  besideTests(child);
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const code = await exitCode(child, 'close');
  console.log(`\n=== production build: next build`);
  process.stdout.write(Buffer.concat(output));
  if (code !== 0) return false;
  build.stamp();
  return true;
}

/**
 * Runs `step` and notes how long it took under `label`, and the load when it ended, for the stage
 * times printed at the end.
 */
async function timed<T>(stages: Map<string, StageTime>, label: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await step();
  } finally {
    stages.set(label, stageEnded(started));
  }
}

/** The start script prints this once its stack answers (playwright.config.ts waits for it too). */
const STACK_READY = /Voice operations console is ready/;

interface E2eRun {
  label: string;
  consolePort: number;
  /** The run's exit code; taken when it starts, as the runs may end in any order. */
  exited: Promise<number>;
  /** Resolves once this run's stack is up (or the run ended without one). */
  stackUp: Promise<void>;
}

/** One Playwright run on its own ports, its output lines prefixed with its label. */
function startE2eRun(label: string, specs: string[], offset: number): E2eRun {
  const consolePort = E2E_CONSOLE_PORT + offset;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    CONSOLE_BUILD_TYPECHECKED: '1',
    E2E_CONSOLE_PORT: String(consolePort),
    E2E_EMULATOR_PORT: String(E2E_EMULATOR_PORT + offset),
  };
  if (process.env.E2E_APPROVALS_CONSOLE_PORT)
    env.E2E_APPROVALS_CONSOLE_PORT = String(Number(process.env.E2E_APPROVALS_CONSOLE_PORT) + offset);
  const bin = path.join(ROOT, 'node_modules', '.bin', 'playwright');
  console.log(`\n=== ${label}: ${bin} test ${specs.join(' ')}`);
  const child = spawn(bin, ['test', `--retries=${RETRIES}`, ...specs], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const exited = exitCode(child);
  let markUp: () => void = () => {};
  const stackUp = new Promise<void>((resolve) => (markUp = resolve));
  child.once('exit', () => markUp());
  onOutputLines(child, (line) => {
    if (STACK_READY.test(line)) markUp();
    process.stdout.write(`[${label}] ${line}\n`);
  });
  return { label, consolePort, exited, stackUp };
}

async function main(): Promise<void> {
  const testStarted = performance.now();
  const cpuAtStart = readCpuTimes();
  const cannotRun = ensureSystemPackages();
  if (cannotRun) {
    console.log(`\nnpm test cannot run: ${cannotRun}`);
    console.log('\n0 passed, 1 failed');
    process.exitCode = 1;
    return;
  }
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  // Named again right above the totals, where a reader of only the end of the output sees them.
  const failures: string[] = [];
  const flaky: string[] = [];
  const stages = new Map<string, StageTime>();

  // Vitest's tests spend much of their time waiting on timers and I/O: lint and the production
  // build fill the cores meanwhile, as none needs another's output. The type-check (package.json)
  // generates Next's route types in .next/types, which `next build` empties when it starts: it
  // goes after the build. It covers what the build's own check would, so the build skips that.
  const check = (label: string, script: string) =>
    timed(stages, label, () => runHeld(label, 'npm', ['run', '--silent', script])).then((code) => ({ label, code }));
  const vitestFile = path.join(REPORTS, 'vitest.json');
  const vitestRun = timed(stages, 'vitest', () =>
    run('vitest', bin('vitest'), [
      'run',
      `--retry=${RETRIES}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestFile}`,
    ]),
  );
  const building = timed(stages, 'production build', buildConsole);
  const checked = Promise.all([building.then(() => check('type-check', 'typecheck')), check('lint', 'lint')]);
  // The browser runs need the build, and start once Vitest is done too (its deadlines want the
  // cores): lint and the type-check, which run at a lower priority, end beside them, in time the
  // runs' stacks leave idle as they start.
  const [{ code: vitestCode, lines: vitestLines }, built] = await Promise.all([vitestRun, building]);
  const vitest = readReport(vitestFile, vitestReportSchema);
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests ?? 0;
    const outcomes = vitestOutcomes(vitest, ROOT);
    failures.push(...outcomes.failed.map((name) => `vitest: ${name}`));
    flaky.push(...outcomes.flaky.map((name) => `vitest: ${name}`));
  }
  if (vitestCode !== 0 && (!vitest || vitest.numFailedTests === 0)) {
    // Every test passed, yet the run failed: say where, as a reader of only the end sees it.
    const causes = [...(vitest ? vitestFileFailures(vitest, ROOT) : []), ...vitestErrorLines(vitestLines)];
    failures.push(
      `vitest (exited ${vitestCode} without a failed test in its report)${causes.map((cause) => `\n    ${cause}`).join('')}`,
    );
    failed++;
  }

  // With the console built, the runs start together; had the build failed, the first run's stack
  // tries it again and the others start once it is up, from that build. Three runs by default:
  // the specs that mostly wait in one, beside the others (scripts/e2e-shards.ts).
  const playwrightStarted = performance.now();
  const shardCount = Number.parseInt(process.env.E2E_SHARDS ?? '3', 10);
  const shards = e2eShards(shardCount > 0 ? shardCount : 1, specFiles(ROOT));
  const runs: E2eRun[] = [];
  for (const [index, specs] of shards.entries()) {
    if (index > 0 && !built) await runs[0]!.stackUp;
    const e2eRun = startE2eRun(`playwright ${index + 1}/${shards.length}`, specs, index);
    void e2eRun.exited.then(() => stages.set(e2eRun.label, stageEnded(playwrightStarted)));
    runs.push(e2eRun);
  }
  for (const { label, code } of await checked) {
    if (code !== 0) {
      failures.push(label);
      failed++;
    }
  }
  for (const { label, consolePort, exited } of runs) {
    const code = await exited;
    const playwright = readReport(path.join(ROOT, e2eReportFile(consolePort)), playwrightReportSchema);
    if (playwright) {
      passed += playwright.stats.expected + playwright.stats.flaky;
      failed += playwright.stats.unexpected;
      skipped += playwright.stats.skipped;
      const outcomes = playwrightOutcomes(playwright.suites);
      failures.push(...outcomes.failed.map((name) => `${label}: ${name}`));
      flaky.push(...outcomes.flaky.map((name) => `${label}: ${name}`));
    }
    if (code !== 0 && (!playwright || playwright.stats.unexpected === 0)) {
      failures.push(`${label} (exited without a failed test in its report)`);
      failed++;
    }
  }

  const busy = busyShare(cpuAtStart, readCpuTimes());
  console.log(`\n${stageTimesLine(stages, stageEnded(testStarted), os.availableParallelism(), busy)}`);
  if (flaky.length > 0)
    console.log(`\nPassed only on a retry (flaky: look at these):\n${flaky.map((name) => `  ${name}`).join('\n')}`);
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

void main();
