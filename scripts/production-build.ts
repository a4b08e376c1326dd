/**
 * Whether the console's production build (`.next`) is the build of today's sources: a hash of
 * the build's inputs, stamped into `.next` after a build. `npm start` and `npm run bench` build
 * only when it is not.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Inputs of the production build; a change to any of them calls for a rebuild. */
const BUILD_INPUTS = [
  'app',
  'components',
  'lib',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'postcss.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

function hashTree(root: string, hash: ReturnType<typeof createHash>, target: string): void {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target).sort()) hashTree(root, hash, path.join(target, entry));
  } else {
    hash.update(path.relative(root, target));
    hash.update(readFileSync(target));
  }
}

export interface ProductionBuildCheck {
  /** `.next` holds a complete build of the sources as they are now. */
  upToDate: boolean;
  /** Records a build just made of these sources (hashed before it started). */
  stamp(): void;
}

export function checkProductionBuild(root: string): ProductionBuildCheck {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) hashTree(root, hash, path.join(root, input));
  const sources = hash.digest('hex');
  const stampFile = path.join(root, '.next', 'console-source-hash');
  const upToDate =
    existsSync(path.join(root, '.next', 'BUILD_ID')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === sources;
  return { upToDate, stamp: () => writeFileSync(stampFile, sources) };
}
