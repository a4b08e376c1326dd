/**
 * `npm start`: starts the emulator and the console (production build, rebuilt only when the
 * sources changed) and prints where to sign in. `--dev` runs `next dev` instead of a build.
 * `--no-emulator` starts only the console, for a real service configured in .env.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { onOutputLines } from './child-lines';
import { consoleNodeFlags } from './console-runtime';
import { errorMessage, logger } from '../lib/observability/logger';
import { settingsProblems, settingsReport } from '../lib/server/settings-check';
import { checkProductionBuild } from './production-build';
import { ROOT, loadDotEnv, stackSettings, type Env } from './settings';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const withEmulator = !args.has('--no-emulator');
const children: ChildProcess[] = [];
const log = (): ReturnType<typeof logger> => logger('start');

/**
 * STACK_LOG_FILE: every line the emulator and the console print also goes to this file (the
 * browser tests read it back to prove a secret never reached the server's log).
 */
const stackLog = process.env.STACK_LOG_FILE ? openStackLog(path.resolve(ROOT, process.env.STACK_LOG_FILE)) : null;

function openStackLog(file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  return createWriteStream(file, { flags: 'w' });
}

function run(name: string, command: string, commandArgs: string[], env: Env): ChildProcess {
  // Next's types require NODE_ENV on every environment; the child's environment is ours to set.
  const child = spawn(command, commandArgs, {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (line: string) => `[${name}] ${line}`;
  onOutputLines(child, (line) => {
    process.stdout.write(`${prefix(line)}\n`);
    stackLog?.write(`${prefix(line)}\n`);
  });
  children.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let failed = false;
  child.once('exit', () => (failed = true));
  while (Date.now() < deadline) {
    if (failed) throw new Error(`process for ${url} exited before it served`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopAll(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

async function main(): Promise<void> {
  loadDotEnv();
  // Readable lines here and from the console, unless .env asks for JSON.
  process.env.LOG_FORMAT ||= 'pretty';
  const settings = stackSettings();
  const problems = settingsProblems(settings.env);
  if (problems.length > 0) {
    process.stderr.write(settingsReport(problems));
    process.exit(1);
  }
  const started = performance.now();
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const nextBin = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

  const emulator = withEmulator ? run('emulator', tsx, ['emulator/main.ts'], settings.env) : null;

  if (!dev) {
    const build = checkProductionBuild(ROOT);
    if (!build.upToDate) {
      log().info('building the console (production)…');
      const code = await exited(
        run('build', process.execPath, [nextBin, 'build'], { ...settings.env, NODE_ENV: 'production' }),
      );
      if (code !== 0) throw new Error('the production build failed');
      build.stamp();
    } else {
      log().info('the production build is up to date');
    }
  }

  // The production server runs with the measured memory flags; `next dev` with Node's defaults.
  const consoleArgs = [
    ...(dev ? [] : consoleNodeFlags(settings.env)),
    nextBin,
    dev ? 'dev' : 'start',
    '-H',
    settings.consoleHost,
    '-p',
    String(settings.consolePort),
  ];
  const consoleProcess = run('console', process.execPath, consoleArgs, {
    ...settings.env,
    NODE_ENV: dev ? 'development' : 'production',
  });

  await Promise.all([
    emulator ? waitForHttp(`${settings.emulatorUrl}/healthz`, emulator, 180_000) : Promise.resolve(),
    waitForHttp(`${settings.consoleUrl}/api/health`, consoleProcess, 120_000),
  ]);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`
  Voice operations console is ready (${seconds} s)

    Console   ${settings.consoleUrl}
    Service   ${settings.env.VOICE_BASE_URL}${emulator ? ' (emulator)' : ''}
${
  emulator
    ? `
    Sign in with any demo account, password console-demo:
      ops@example.com       staff, admin scope
      lead@example.com      staff, admin scope (a second ops, to approve)
      support@example.com   staff, admin scope
      viewer@example.com    staff, admin scope
      member@example.com    ordinary user, no admin scope
`
    : ''
}
${
  emulator
    ? `    To try notifications, add a webhook channel (Notification channels, as ops) with URL
      ${settings.emulatorUrl}/notification-sink
    and any signing secret; what it received: GET ${settings.emulatorUrl}/__control/notification-sink
    with the header x-emulator-control: 1 (each POST is in the emulator's request log too).
`
    : `    Notification channels: none is configured until ops add one (Notification channels).
`
}
  Press Ctrl+C to stop.
`);

  const firstExit = await Promise.race(children.map((child) => exited(child).then((code) => ({ child, code }))));
  log().error({ code: firstExit.code }, 'a process exited; stopping the others');
  stopAll();
  process.exitCode = firstExit.code || 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  log().error({ err: error }, errorMessage(error));
  stopAll();
  process.exit(1);
});
