import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { consoleSessionCookie, machineAccessToken } from './session.ts';
const ROOT = path.resolve(import.meta.dirname, '..');
const E = 'http://127.0.0.1:4410', C = 'http://127.0.0.1:3400';
const secret = randomBytes(32).toString('base64url');
const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const nextBin = path.join(ROOT, 'node_modules/next/dist/bin/next');
const emu = spawn(process.execPath, [tsx, 'emulator/main.ts'], { cwd: ROOT, stdio: 'ignore', detached: true, env: { ...process.env, EMULATOR_HOST: '127.0.0.1', EMULATOR_PORT: '4410', EMULATOR_PUBLIC_URL: E, EMULATOR_PRESET: 'default', EMULATOR_RATE_LIMIT_READ: '1000000' } });
const con = spawn(process.execPath, [nextBin, 'start', '-H', '127.0.0.1', '-p', '3400'], { cwd: ROOT, stdio: 'ignore', detached: true, env: { ...process.env, NODE_ENV: 'production', NEXTAUTH_URL: C, NEXTAUTH_SECRET: secret, VOICE_BASE_URL: E, VOICE_AUTH_URL: E, VOICE_TOKEN_URL: `${E}/oauth/token`, VOICE_IDENTITY_URL: `${E}/identity`, VOICE_ISSUER: E, CONSOLE_DATA_DIR: '.data/console-db-bench', CONSOLE_SESSION_IDLE_MINUTES: '1440' } });
async function wait(url: string) { for (;;) { if (await fetch(url).then(r => r.ok, () => false)) return; await new Promise(r => setTimeout(r, 300)); } }
try {
  await wait(`${E}/healthz`); await wait(`${C}/api/health`);
  const { accessToken, expiresIn } = await machineAccessToken(E);
  const cookie = await consoleSessionCookie({ secret, accessToken, expiresIn });
  for (const p of (process.env.PATHS ?? '/messages').split(',')) {
    const r = await fetch(`${C}${p}`, { headers: { cookie } });
    const t = await r.text();
    writeFileSync(`/tmp/page${p.replace(/\W/g, '_')}.html`, t);
    console.log(p, r.status, t.length);
  }
} finally { process.kill(-con.pid!, 'SIGINT'); process.kill(-emu.pid!, 'SIGTERM'); }
