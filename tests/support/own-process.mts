/**
 * Which test files run in a process of their own. The others share their worker's process and
 * its loaded modules, file after file: a file then pays for importing only what no file before
 * it in that worker imported. What a file leaves in its process would reach the files after it,
 * so a file that changes process-wide state runs alone, in a fresh process, as every file did
 * before. Read from each file's source, so that a new file that does so is classified with no
 * list to keep up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What in a test file's source leaves state in its process, and why that matters. */
const PROCESS_STATE = [
  {
    why: 'sets an environment variable, which lib/env and the settings modules read once and keep',
    pattern:
      /process\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)|Object\.assign\(\s*process\.env\b|delete process\.env|process\.env\s*=(?!=)|vi\.stubEnv/,
  },
  {
    why: 'mocks modules, timers, globals or methods, which stay mocked for whatever loads after',
    pattern: /\bvi\.(mock|doMock|unmock|resetModules|stubGlobal|useFakeTimers|setSystemTime|spyOn)\b/,
  },
  {
    why: 'reaches into a process-wide object kept on globalThis (database, caches, logger)',
    pattern: /\bglobalThis\b/,
  },
  {
    why: "reads the process's one metrics registry or hooks every HTTP server of the process",
    pattern: /['"]@\/lib\/observability\/(metrics|http-server)['"]/,
  },
] as const;

/** Why a test file with this source needs a process of its own, or null when it does not. */
export function ownProcessReason(source: string): string | null {
  return PROCESS_STATE.find(({ pattern }) => pattern.test(source))?.why ?? null;
}

/** The test files under `root`'s tests/ (as paths relative to `root`) that need a process of their own. */
export function ownProcessFiles(root: string): string[] {
  const testsDir = path.join(root, 'tests');
  return readdirSync(testsDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join('tests', file.split(path.sep).join('/')))
    .filter((file) => ownProcessReason(readFileSync(path.join(root, file), 'utf8')) !== null)
    .sort();
}
