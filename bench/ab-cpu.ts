/**
 * `npx tsx bench/ab-cpu.ts <console dir A> <console dir B> [path…]`: process CPU per page of two
 * production builds side by side, in one run, against one emulator, so that a change to a page's
 * server work can be judged on this noisy machine. Each directory must hold a `next build`
 * (for example a `git worktree` of another commit, with `cp -al node_modules`). The two consoles
 * are loaded in alternating batches (`bench/server-cpu.ts`, which also says how CPU is read and
 * which settings set the amount of work); the median of the batches is printed per path, with
 * bytes. AB_PORT_BASE (default 3510) places A's console on it, B's on the next port and the
 * emulator on base + 1000.
 * AB_NODE_FLAGS_B runs B with other Node flags (as CONSOLE_NODE_FLAGS would, `none` for Node's
 * defaults): the same directory twice then compares two runtime settings of one build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { consoleNodeFlags } from '../scripts/console-runtime';
import { benchConsoleEnv } from './console-env';
import { AB_BATCH, AB_BATCHES, compareServerCpu, type CpuTarget } from './server-cpu';
import { consoleSessionCookie, machineAccessToken } from './session';
import { seedSteadyState } from './steady-state';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT_BASE = Number(process.env.AB_PORT_BASE ?? 3510);
const EMULATOR_PORT = PORT_BASE + 1000;
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
const PORTS = [PORT_BASE, PORT_BASE + 1] as const;
const children: ChildProcess[] = [];

function start(cwd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { cwd, env, stdio: 'ignore' });
  children.push(child);
  return child;
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function main(): Promise<void> {
  const [dirA, dirB, ...paths] = process.argv.slice(2);
  if (!dirA || !dirB) throw new Error('usage: tsx bench/ab-cpu.ts <console dir A> <console dir B> [path…]');
  const pages = paths.length > 0 ? paths : ['/api/health', '/messages', '/users', '/stuck'];
  const secret = randomBytes(32).toString('base64url');
  const base = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  start(ROOT, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'emulator/main.ts'], {
    ...base,
    EMULATOR_HOST: '127.0.0.1',
    EMULATOR_PORT: String(EMULATOR_PORT),
    EMULATOR_PUBLIC_URL: EMULATOR_URL,
    EMULATOR_RATE_LIMIT_READ: '1000000',
  });
  await waitFor(`${EMULATOR_URL}/healthz`);
  const dataDirs = [dirA, dirB].map((_, index) => path.join('.data', `console-db-ab-${index}`));
  for (const [index, dir] of [dirA, dirB].entries()) await seedSteadyState(path.resolve(dir, dataDirs[index]!));
  // Absolute: each console runs in its own directory, where a relative path would point elsewhere.
  const consoles = [dirA, dirB]
    .map((dir) => path.resolve(dir))
    .map((dir, index) => {
      const url = `http://127.0.0.1:${PORTS[index]}`;
      const child = start(
        dir,
        [
          ...consoleNodeFlags(
            index === 1 && process.env.AB_NODE_FLAGS_B
              ? { CONSOLE_NODE_FLAGS: process.env.AB_NODE_FLAGS_B }
              : process.env,
          ),
          path.join(dir, 'node_modules/next/dist/bin/next'),
          'start',
          '-H',
          '127.0.0.1',
          '-p',
          String(PORTS[index]),
        ],
        benchConsoleEnv({ consoleUrl: url, emulatorUrl: EMULATOR_URL, secret, dataDir: dataDirs[index]!, base }),
      );
      return { dir, url, child };
    });
  await Promise.all(consoles.map((target) => waitFor(`${target.url}/api/health`)));
  const { accessToken, expiresIn } = await machineAccessToken(EMULATOR_URL);
  const cookie = await consoleSessionCookie({ secret, accessToken, expiresIn });

  console.log(
    `A ${dirA}\nB ${dirB}${process.env.AB_NODE_FLAGS_B ? ` with Node flags ${process.env.AB_NODE_FLAGS_B}` : ''}\n${AB_BATCHES} alternating batches of ${AB_BATCH} sequential loads per path\n`,
  );
  console.log(
    `${'path'.padEnd(28)} ${'A ms/page'.padStart(10)} ${'B ms/page'.padStart(10)} ${'B/A'.padStart(6)} ${'A KiB'.padStart(7)} ${'B KiB'.padStart(7)}`,
  );
  const target = (index: 0 | 1): CpuTarget => ({ url: consoles[index]!.url, pid: consoles[index]!.child.pid! });
  await compareServerCpu({
    targets: [target(0), target(1)],
    paths: pages,
    cookie,
    onPath: ({ path: page, msPerPage: [a, b], bytes }) =>
      console.log(
        `${page.padEnd(28)} ${a.toFixed(1).padStart(10)} ${b.toFixed(1).padStart(10)} ${(b / a).toFixed(2).padStart(6)} ${(bytes[0] / 1024).toFixed(0).padStart(7)} ${(bytes[1] / 1024).toFixed(0).padStart(7)}`,
      ),
  });
}

const stop = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});
main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  })
  .finally(stop);
