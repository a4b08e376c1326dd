/**
 * An emulator in a child process of its own, for scenarios that measure the bench's own memory.
 * The scale section starts one `large` emulator and hands it to every scenario that only reads
 * (each boot of 1,000,000 messages takes a minute or more); a scenario run alone starts its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BENCH_CLIENT_ID, DEFAULT_CONFIG } from '../../emulator/config';
import { CONTROL_HEADERS } from '../../emulator/control';
import { tokenResponseSchema } from '../../lib/upstream/contract';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ChildEmulator {
  url: string;
  token: string;
  stop(): void;
}

export async function startChildEmulator(preset: string, port: number, timeoutMs = 600_000): Promise<ChildEmulator> {
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(ROOT, '.data', 'bench', `emulator-${port}.log`);
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'emulator/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      EMULATOR_HOST: '127.0.0.1',
      EMULATOR_PORT: String(port),
      EMULATOR_PUBLIC_URL: url,
      EMULATOR_PRESET: preset,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  process.once('exit', stop);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the emulator exited with ${child.exitCode}; see ${logFile}`);
    if (
      await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      stop();
      throw new Error(`the emulator was not healthy within ${timeoutMs / 1000} s; see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const response = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${BENCH_CLIENT_ID}:${DEFAULT_CONFIG.benchClientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'admin' }),
  });
  const token = tokenResponseSchema.parse(await response.json()).access_token;
  return { url, token, stop };
}

/** Runs `work` against the given emulator, or against one of its own started (and stopped) for it. */
export async function withChildEmulator<T>(
  given: ChildEmulator | undefined,
  preset: string,
  port: number,
  work: (emulator: ChildEmulator) => Promise<T>,
): Promise<T> {
  if (given) return work(given);
  const own = await startChildEmulator(preset, port);
  try {
    return await work(own);
  } finally {
    own.stop();
  }
}

const settingsSchema = z.record(z.string(), z.unknown());

/** Changes the emulator's runtime settings (e.g. its rate limits); answers the settings as they were. */
export async function emulatorSettings(url: string, settings: Record<string, number>): Promise<Record<string, number>> {
  const before = await fetch(`${url}/__control/settings`, { headers: CONTROL_HEADERS });
  if (!before.ok) throw new Error(`emulator settings: HTTP ${before.status}`);
  const previous = settingsSchema.parse(await before.json());
  const response = await fetch(`${url}/__control/settings`, {
    method: 'POST',
    headers: { ...CONTROL_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  if (!response.ok) throw new Error(`emulator settings: HTTP ${response.status}`);
  return Object.fromEntries(Object.keys(settings).map((key) => [key, z.number().parse(previous[key])]));
}
