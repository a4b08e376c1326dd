/** An emulator in a child process of its own, for scenarios that measure the bench's own memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
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
    env: { ...process.env, EMULATOR_HOST: '127.0.0.1', EMULATOR_PORT: String(port), EMULATOR_PUBLIC_URL: url, EMULATOR_PRESET: preset },
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
    if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) break;
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

/** Changes the emulator's runtime settings (e.g. its rate limits). */
export async function emulatorSettings(url: string, settings: Record<string, number>): Promise<void> {
  const response = await fetch(`${url}/__control/settings`, { method: 'POST', headers: { ...CONTROL_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify(settings) });
  if (!response.ok) throw new Error(`emulator settings: HTTP ${response.status}`);
}
