/**
 * Installs and builds the react-admin peer (`bench/peer/`), only when the bench runs: its
 * packages are never part of the console's own `npm install`. Built as react-admin's
 * documentation builds an app, with Vite (code-split chunks under `assets/`, content-hashed), so
 * the peer is measured as its users would ship it. Install scripts are skipped: Vite's bundler
 * and CSS tools come as prebuilt platform packages that work without them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface PeerBuild {
  html: string;
  /** Every file Vite wrote under `dist/assets/`, by its URL path (`/assets/<name>`). */
  assets: Map<string, Buffer>;
}

function npm(args: string[], cwd: string): void {
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`npm ${args.join(' ')} failed in ${cwd}: ${(result.stderr || result.stdout).slice(-2000)}`);
}

export function buildPeer(root: string): PeerBuild {
  const dir = path.join(root, 'bench', 'peer');
  // An install from before the peer moved to Vite has react-admin but no Vite.
  if (
    !existsSync(path.join(dir, 'node_modules', 'react-admin')) ||
    !existsSync(path.join(dir, 'node_modules', 'vite'))
  ) {
    npm(['install', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
  }
  npm(['run', 'build'], dir);
  const dist = path.join(dir, 'dist');
  const assets = new Map(
    readdirSync(path.join(dist, 'assets')).map((name) => [
      `/assets/${name}`,
      readFileSync(path.join(dist, 'assets', name)),
    ]),
  );
  return { html: readFileSync(path.join(dist, 'index.html'), 'utf8'), assets };
}

/** The content type a static server gives a built asset, by its extension. */
export function assetContentType(urlPath: string): string {
  if (urlPath.endsWith('.js')) return 'text/javascript; charset=utf-8';
  if (urlPath.endsWith('.css')) return 'text/css; charset=utf-8';
  if (urlPath.endsWith('.svg')) return 'image/svg+xml';
  return 'application/octet-stream';
}
