/**
 * `npm run bench`: builds the console for production, starts the emulator at the `large`
 * preset and the console on ports of their own (loopback only), then measures
 *   1. the messages list page under 10 concurrent operators against the emulator's own answer
 *      to the same list call under the same load (budget: console p95 <= 1.25 x emulator p95),
 *      in alternating rounds so that other load on the machine weighs on both alike;
 *   2. the first-load JavaScript of that page (budget: 180 kB gzip, kB = 1000 bytes).
 * Then, as information beside the budget, the same two targets with operators at work rather
 * than clients that never pause: page loads arriving at random at BENCH_OPERATOR_RATE per second
 * (default 10: ten operators loading a page a second each), where queueing behind other renders
 * no longer dominates and the console's own time per page shows.
 * Under the same load it also measures the console's floor: `GET /api/health`, a route that does
 * no work at all (it passes the proxy, like every request). It is no budget; it says how much of
 * the list page's time is the framework's own, which no page of this console can go below.
 * Prints a table, writes bench/results/latest.json, and exits non-zero when a budget fails.
 *
 * The emulator's rate limit is lifted for the run: the bench measures the console's own cost,
 * not the service's throttling. Settings: BENCH_DURATION_S (default 20, per target, split into
 * BENCH_ROUNDS rounds, default 4), BENCH_CONNECTIONS
 * (default 10), BENCH_SKIP_BUILD=1 to reuse an existing build, BENCH_ENTITY to measure another
 * entity's list (default messages), BENCH_UPSTREAM_LATENCY_MS to add that much latency to the
 * emulator's list call (its fault injection; both targets get it) as a model of the real
 * service's own time, which the in-memory emulator does not have (default 0: none).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseListParams, toListQuery } from '../lib/entities/list-params';
import { findEntity } from '../lib/entities/registry';
import { encodeListQuery } from '../lib/upstream/contract';
import { firstLoadJs } from './first-load-js';
import { measure, measureOpenLoop, summarize, type LatencyStats, type Samples } from './load';
import { consoleSessionCookie, machineAccessToken } from './session';
import { CONTROL_HEADERS } from '../emulator/control';

const ROOT = path.resolve(import.meta.dirname, '..');
const LOG_DIR = path.join(ROOT, '.data', 'bench');
const RESULTS = path.join(ROOT, 'bench', 'results', 'latest.json');

const CONSOLE_PORT = 3400;
const EMULATOR_PORT = 4410;
const CONSOLE_URL = `http://127.0.0.1:${CONSOLE_PORT}`;
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_S = 3;
const PRESET = 'large';
const ENTITY = process.env.BENCH_ENTITY ?? 'messages';
const UPSTREAM_LATENCY_MS = Number(process.env.BENCH_UPSTREAM_LATENCY_MS ?? 0);
const OPERATOR_RATE = Number(process.env.BENCH_OPERATOR_RATE ?? 10);

const BUDGETS = { p95Ratio: 1.25, firstLoadJsKb: 180 };

const children: ChildProcess[] = [];

/** A child in its own process group, so stopping it stops what it spawned (next-server). */
function start(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = createWriteStream(path.join(LOG_DIR, `${name}.log`));
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
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
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Kilobytes of 1000 bytes, one decimal. */
const kb = (bytes: number) => Math.round(bytes / 100) / 10;

function row(cells: (string | number)[], widths: number[]): string {
  return cells.map((cell, index) => String(cell).padStart(widths[index]!)).join('  ');
}

function latencyTable(results: { name: string; stats: LatencyStats }[]): string {
  const widths = [28, 9, 7, 8, 8, 8, 8, 8];
  const lines = [row(['target', 'requests', 'non2xx', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], widths)];
  for (const { name, stats } of results) {
    lines.push(row([name, stats.requests, stats.non2xx + stats.errors, stats.requestsPerSecond, stats.p50, stats.p95, stats.p99, stats.max], widths));
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const nextBin = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
  const tsxCli = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const secret = randomBytes(32).toString('base64url');
  const baseEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

  console.log(`[bench] starting the emulator (${PRESET} preset; the first start generates its data and takes minutes)…`);
  const emulator = start('emulator', [tsxCli, 'emulator/main.ts'], {
    ...baseEnv,
    EMULATOR_HOST: '127.0.0.1',
    EMULATOR_PORT: String(EMULATOR_PORT),
    EMULATOR_PUBLIC_URL: EMULATOR_URL,
    EMULATOR_PRESET: PRESET,
    EMULATOR_RATE_LIMIT_READ: '1000000',
    EMULATOR_CONSOLE_REDIRECT_URIS: `${CONSOLE_URL}/api/auth/callback/voice`,
  });

  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('[bench] building the console for production…');
    const build = start('build', [nextBin, 'build'], { ...baseEnv, NODE_ENV: 'production', NEXTAUTH_SECRET: secret });
    if ((await exited(build)) !== 0) throw new Error(`the production build failed (see ${LOG_DIR}/build.log)`);
  }

  await waitForHttp(`${EMULATOR_URL}/healthz`, emulator, 30 * 60_000);
  const consoleProcess = start('console', [nextBin, 'start', '-H', '127.0.0.1', '-p', String(CONSOLE_PORT)], {
    ...baseEnv,
    NODE_ENV: 'production',
    NEXTAUTH_URL: CONSOLE_URL,
    NEXTAUTH_SECRET: secret,
    VOICE_BASE_URL: EMULATOR_URL,
    VOICE_AUTH_URL: EMULATOR_URL,
    VOICE_TOKEN_URL: `${EMULATOR_URL}/oauth/token`,
    VOICE_IDENTITY_URL: `${EMULATOR_URL}/identity`,
    VOICE_ISSUER: EMULATOR_URL,
    CONSOLE_DATA_DIR: path.join('.data', 'console-db-bench'),
    CONSOLE_SESSION_IDLE_MINUTES: '1440',
  });
  await waitForHttp(`${CONSOLE_URL}/api/health`, consoleProcess, 120_000);

  const { accessToken, expiresIn } = await machineAccessToken(EMULATOR_URL);
  const cookie = await consoleSessionCookie({ secret, accessToken, expiresIn });

  // The very list call the console makes for the list page with no parameters.
  const entity = findEntity(ENTITY);
  if (!entity) throw new Error(`the registry has no ${ENTITY}`);
  const query = encodeListQuery(toListQuery(entity, parseListParams(entity, {}).state));
  const emulatorTarget = { url: `${EMULATOR_URL}/admin/ra/${ENTITY}?${query}`, headers: { authorization: `Bearer ${accessToken}` } };
  const consoleTarget = { url: `${CONSOLE_URL}/${ENTITY}`, headers: { cookie } };
  const floorTarget = { url: `${CONSOLE_URL}/api/health`, headers: { cookie } };

  const check = await fetch(consoleTarget.url, { headers: consoleTarget.headers, redirect: 'manual' });
  const html = await check.text();
  if (check.status !== 200 || !html.includes('data-testid="list-total"')) {
    throw new Error(`the console's ${ENTITY} page is not a list (HTTP ${check.status}); see ${LOG_DIR}/console.log`);
  }

  if (UPSTREAM_LATENCY_MS > 0) {
    const faults = await fetch(`${EMULATOR_URL}/__control/faults`, {
      method: 'POST',
      headers: { ...CONTROL_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify([{ pattern: `^/admin/ra/${ENTITY}$`, method: 'GET', latencyMs: UPSTREAM_LATENCY_MS }]),
    });
    if (!faults.ok) throw new Error(`the emulator refused the latency rule (HTTP ${faults.status})`);
    console.log(`[bench] the emulator's ${ENTITY} list answers ${UPSTREAM_LATENCY_MS} ms later, for both targets`);
  }
  console.log(`[bench] warming up, then ${DURATION_S} s per target in ${ROUNDS} alternating rounds with ${CONNECTIONS} connections…`);
  for (const target of [emulatorTarget, consoleTarget, floorTarget]) await measure({ ...target, connections: CONNECTIONS, durationSeconds: WARMUP_S });
  const loadBefore = loadavg()[0]!;
  const emulatorRounds: Samples[] = [];
  const consoleRounds: Samples[] = [];
  const floorRounds: Samples[] = [];
  const roundSeconds = DURATION_S / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    emulatorRounds.push(await measure({ ...emulatorTarget, connections: CONNECTIONS, durationSeconds: roundSeconds }));
    consoleRounds.push(await measure({ ...consoleTarget, connections: CONNECTIONS, durationSeconds: roundSeconds }));
    floorRounds.push(await measure({ ...floorTarget, connections: CONNECTIONS, durationSeconds: roundSeconds }));
  }
  const emulatorStats = summarize(emulatorRounds);
  const consoleStats = summarize(consoleRounds);
  const floorStats = summarize(floorRounds);

  console.log(`[bench] operators at work: ${OPERATOR_RATE} page loads a second at random, ${DURATION_S} s per target in ${ROUNDS} alternating rounds…`);
  const operatorEmulatorRounds: Samples[] = [];
  const operatorConsoleRounds: Samples[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // The same arrival times for both targets of a round.
    const seed = round + 1;
    operatorEmulatorRounds.push(await measureOpenLoop({ ...emulatorTarget, ratePerSecond: OPERATOR_RATE, durationSeconds: roundSeconds, seed }));
    operatorConsoleRounds.push(await measureOpenLoop({ ...consoleTarget, ratePerSecond: OPERATOR_RATE, durationSeconds: roundSeconds, seed }));
  }
  const operatorEmulatorStats = summarize(operatorEmulatorRounds);
  const operatorConsoleStats = summarize(operatorConsoleRounds);
  // Other work on the machine skews the comparison: the load average says whether there was any.
  const machine = { cores: availableParallelism(), loadAverageBefore: Math.round(loadBefore * 100) / 100, loadAverageAfter: Math.round(loadavg()[0]! * 100) / 100 };
  const js = await firstLoadJs(consoleTarget.url, consoleTarget.headers);
  // The dashboard has the same shell (root layout, sidebar, jump box) and no list: the split
  // tells what the list itself costs and what every console page pays.
  const shell = await firstLoadJs(`${CONSOLE_URL}/`, consoleTarget.headers);
  const shellSources = new Set(shell.scripts.map((script) => script.src));
  const listOnlyBytes = js.scripts.filter((script) => !shellSources.has(script.src)).reduce((sum, script) => sum + script.gzipBytes, 0);

  const ratioOf = (stats: LatencyStats) => Math.round((stats.p95 / emulatorStats.p95) * 100) / 100;
  const ratio = ratioOf(consoleStats);
  const floorRatio = ratioOf(floorStats);
  const operators = {
    ratePerSecond: OPERATOR_RATE,
    p95Ratio: Math.round((operatorConsoleStats.p95 / operatorEmulatorStats.p95) * 100) / 100,
    p95OverheadMs: Math.round((operatorConsoleStats.p95 - operatorEmulatorStats.p95) * 10) / 10,
  };
  const firstLoadKb = kb(js.totalGzipBytes);
  const clean = emulatorStats.non2xx + emulatorStats.errors + consoleStats.non2xx + consoleStats.errors === 0;
  const checks = {
    p95Ratio: { value: ratio, budget: BUDGETS.p95Ratio, pass: clean && ratio <= BUDGETS.p95Ratio },
    firstLoadJsKb: { value: firstLoadKb, budget: BUDGETS.firstLoadJsKb, pass: firstLoadKb <= BUDGETS.firstLoadJsKb },
  };

  console.log(`\n${latencyTable([
    { name: `emulator GET /admin/ra/${ENTITY}`, stats: emulatorStats },
    { name: `console GET /${ENTITY}`, stats: consoleStats },
    { name: 'console GET /api/health', stats: floorStats },
  ])}\n`);
  console.log(`${ENTITY} list p95: console ${consoleStats.p95} ms / emulator ${emulatorStats.p95} ms = ${ratio} (budget ${BUDGETS.p95Ratio}) ${checks.p95Ratio.pass ? 'PASS' : 'FAIL'}`);
  console.log(`  floor: /api/health, which does no work, has p95 ${floorStats.p95} ms = ${floorRatio} x the emulator's list p95 (no budget)`);
  console.log(`\noperators at work (${OPERATOR_RATE} page loads a second, open loop; no budget):\n${latencyTable([
    { name: `emulator GET /admin/ra/${ENTITY}`, stats: operatorEmulatorStats },
    { name: `console GET /${ENTITY}`, stats: operatorConsoleStats },
  ])}`);
  console.log(`  console p95 - emulator p95 = ${operators.p95OverheadMs} ms; ratio ${operators.p95Ratio}\n`);
  console.log(`first-load JS of /${ENTITY}: ${firstLoadKb} kB gzip in ${js.scripts.length} scripts (budget ${BUDGETS.firstLoadJsKb} kB) ${checks.firstLoadJsKb.pass ? 'PASS' : 'FAIL'}`);
  console.log(`  of which the console shell (as on /): ${kb(shell.totalGzipBytes)} kB; the list's own scripts: ${kb(listOnlyBytes)} kB`);

  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(
    RESULTS,
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        node: process.version,
        preset: PRESET,
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        rounds: ROUNDS,
        upstreamLatencyMs: UPSTREAM_LATENCY_MS,
        machine,
        list: {
          entity: ENTITY,
          emulator: { url: emulatorTarget.url.replace(EMULATOR_URL, ''), ...emulatorStats },
          console: { url: `/${ENTITY}`, ...consoleStats },
          floor: { url: '/api/health', p95Ratio: floorRatio, ...floorStats },
        },
        operators: { ...operators, emulator: operatorEmulatorStats, console: operatorConsoleStats },
        firstLoadJs: { page: `/${ENTITY}`, totalGzipBytes: js.totalGzipBytes, shellGzipBytes: shell.totalGzipBytes, listOnlyGzipBytes: listOnlyBytes, scripts: js.scripts },
        checks,
      },
      null,
      2,
    )}\n`,
  );
  if (machine.loadAverageBefore > machine.cores / 2) {
    console.log(`[bench] note: the machine was busy with other work (load average ${machine.loadAverageBefore} on ${machine.cores} cores); latencies are noisier than usual`);
  }
  console.log(`[bench] wrote ${path.relative(ROOT, RESULTS)}`);
  process.exitCode = checks.p95Ratio.pass && checks.firstLoadJsKb.pass ? 0 : 1;
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
