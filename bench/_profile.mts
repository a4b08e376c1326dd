import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { measure, summarize } from './load.ts';
import { consoleSessionCookie, machineAccessToken } from './session.ts';
const ROOT = path.resolve(import.meta.dirname, '..');
const E = 'http://127.0.0.1:4410', C = 'http://127.0.0.1:3400';
const secret = randomBytes(32).toString('base64url');
const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const nextBin = path.join(ROOT, 'node_modules/next/dist/bin/next');
const emu = spawn(process.execPath, [tsx, 'emulator/main.ts'], { cwd: ROOT, stdio: 'ignore', detached: true, env: { ...process.env, EMULATOR_HOST: '127.0.0.1', EMULATOR_PORT: '4410', EMULATOR_PUBLIC_URL: E, EMULATOR_PRESET: process.env.PRESET ?? 'large', EMULATOR_RATE_LIMIT_READ: '1000000', EMULATOR_CONSOLE_REDIRECT_URIS: `${C}/api/auth/callback/voice` } });
const prof = process.env.PROF === '1' ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
const con = spawn(process.execPath, [...prof, nextBin, 'start', '-H', '127.0.0.1', '-p', '3400'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], detached: true, env: { ...process.env, NODE_ENV: 'production', NEXTAUTH_URL: C, NEXTAUTH_SECRET: secret, VOICE_BASE_URL: E, VOICE_AUTH_URL: E, VOICE_TOKEN_URL: `${E}/oauth/token`, VOICE_IDENTITY_URL: `${E}/identity`, VOICE_ISSUER: E, CONSOLE_DATA_DIR: '.data/console-db-bench', CONSOLE_SESSION_IDLE_MINUTES: '1440' } });
import { readdirSync, readFileSync } from 'node:fs';
function cpuMs(root: number): number {
  const procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((d) => { try { const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' '); return { pid: Number(d), ppid: Number(f[1]), t: Number(f[11]) + Number(f[12]) }; } catch { return null; } }).filter((x) => x !== null);
  const tree = new Set([root]); let grew = true; while (grew) { grew = false; for (const p of procs) if (!tree.has(p.pid) && tree.has(p.ppid)) { tree.add(p.pid); grew = true; } }
  return procs.filter((p) => tree.has(p.pid)).reduce((a, p) => a + p.t, 0) * 10;
}
async function wait(url: string) { for (;;) { if (await fetch(url).then(r => r.ok, () => false)) return; await new Promise(r => setTimeout(r, 300)); } }
try {
  await wait(`${E}/healthz`); await wait(`${C}/api/health`);
  const { accessToken, expiresIn } = await machineAccessToken(E);
  const cookie = await consoleSessionCookie({ secret, accessToken, expiresIn });
  const paths = (process.env.PATHS ?? '/messages').split(',');
  for (const p of paths) {
    const url = p.startsWith('/admin') ? `${E}${p}` : `${C}${p}`;
    const headers: Record<string,string> = p.startsWith("/admin") ? { authorization: `Bearer ${accessToken}` } : p.startsWith("/signin") ? {} : { cookie };
    await measure({ url, headers, connections: Number(process.env.CONN ?? 10), durationSeconds: 2 });
    const c0 = cpuMs(con.pid!);
    const s = summarize([await measure({ url, headers, connections: Number(process.env.CONN ?? 10), durationSeconds: Number(process.env.DUR ?? 8) })]);
    const c1 = cpuMs(con.pid!);
    console.log(p, 'cpu ms/req', ((c1 - c0) / s.requests).toFixed(2), JSON.stringify(s));
  }
} finally {
  process.kill(-con.pid!, 'SIGINT'); process.kill(-emu.pid!, 'SIGTERM');
  await new Promise(r => setTimeout(r, 3000));
}
