/**
 * The README's map must stay true: every path it names exists, every area data module is in its
 * list, every page that calls the service or the database itself is named, and every file that
 * holds an ASSUMPTION marker outside the contract folder is named where the map says assumptions are,
 * and no lib folder grows past the size the map says is split into subfolders.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
/** Past this, a lib folder is split along its seams into subfolders with an index each (the map says so). */
const MAX_FILES_PER_LIB_FOLDER = 15;
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...filesUnder(rel, keep));
    else if (keep(rel)) out.push(rel);
  }
  return out;
}

/** Backticked paths and relative links: anything with a slash or a file extension, no placeholders. */
function namedPaths(text: string): string[] {
  const withoutCode = text.replace(/```[\s\S]*?```/g, '');
  const ticked = [...withoutCode.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] ?? '');
  const linked = [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((href) => !/^[a-z]+:/.test(href));
  return [...ticked, ...linked]
    .filter((p) => /\//.test(p) || /\.(ts|tsx|md|mjs|json|png)$/.test(p))
    .filter((p) => !/[<>*]/.test(p) && !p.startsWith('/') && !p.startsWith('http') && !/^[a-z]+@/.test(p));
}

describe('README map', () => {
  it('names only paths that exist', () => {
    const missing = namedPaths(readme).filter((p) => !existsSync(path.resolve(root, p)));
    expect(missing).toEqual([]);
  });

  it('lists every area data module', () => {
    const dataModules = filesUnder('lib', (f) => /\/data\.ts$/.test(f));
    expect(dataModules.length).toBeGreaterThan(0);
    expect(dataModules.filter((f) => !readme.includes(`\`${f}\``))).toEqual([]);
  });

  it('names every page that calls the service or the database itself', () => {
    const direct = /^import \{[^}]*\} from '@\/lib\/(db|upstream\/(?!contract)[^']+)';$/m;
    const pages = filesUnder('app', (f) => f.endsWith('/page.tsx')).filter((f) =>
      direct.test(readFileSync(path.join(root, f), 'utf8')),
    );
    expect(pages.filter((f) => !readme.includes(`\`${f}\``))).toEqual([]);
  });

  it('names every file outside the contract that holds an ASSUMPTION', () => {
    const sources = ['app', 'components', 'lib'].flatMap((dir) => filesUnder(dir, (f) => /\.tsx?$/.test(f)));
    const outside = sources.filter(
      (f) => !f.startsWith('lib/upstream/contract/') && readFileSync(path.join(root, f), 'utf8').includes('ASSUMPTION'),
    );
    expect(outside.filter((f) => !readme.includes(`\`${f}\``))).toEqual([]);
  });

  it('keeps every lib folder at 15 files or fewer', () => {
    const folders = [...new Set(filesUnder('lib', () => true).map((f) => path.posix.dirname(f)))];
    const crowded = folders
      .map((folder) => ({
        folder,
        files: readdirSync(path.join(root, folder), { withFileTypes: true }).filter((e) => e.isFile()).length,
      }))
      .filter(({ files }) => files > MAX_FILES_PER_LIB_FOLDER);
    expect(crowded).toEqual([]);
  });
});
