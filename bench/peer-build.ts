/**
 * Installs and builds the react-admin peer (`bench/peer/`), only when the bench runs: its
 * packages are never part of the console's own `npm install`. Install scripts are skipped:
 * esbuild's prebuilt platform package works without them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface PeerBuild {
  html: string;
  script: Buffer;
}

function npm(args: string[], cwd: string): void {
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed in ${cwd}: ${(result.stderr || result.stdout).slice(-2000)}`);
}

export function buildPeer(root: string): PeerBuild {
  const dir = path.join(root, 'bench', 'peer');
  if (!existsSync(path.join(dir, 'node_modules', 'react-admin'))) {
    npm(['install', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
  }
  npm(['run', 'build'], dir);
  return { html: readFileSync(path.join(dir, 'index.html'), 'utf8'), script: readFileSync(path.join(dir, 'dist', 'main.js')) };
}
