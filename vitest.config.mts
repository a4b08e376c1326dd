import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { ownProcessFiles } from './tests/support/own-process.mjs';

/**
 * Files that simulate a service's rate-limit windows on the real clock with answers a few
 * milliseconds long: what they assert (429s, a window's use) holds only when their process gets
 * a core when its timers fire. They run last, one at a time, when the other files (and the
 * production build `npm test` runs beside Vitest) no longer compete for the cores.
 */
const REAL_CLOCK_FILES = ['tests/jobs/shared-budget.test.ts'];

/** Files that change process-wide state: each runs in a fresh process (tests/support/own-process.mts). */
const OWN_PROCESS_FILES = ownProcessFiles(fileURLToPath(new URL('.', import.meta.url)));

const alias = {
  '@': fileURLToPath(new URL('.', import.meta.url)),
  // `server-only` throws outside React's server bundle; in Node tests it is a no-op.
  'server-only': fileURLToPath(new URL('./tests/support/server-only.ts', import.meta.url)),
};

/**
 * Vitest's default is one worker fewer than the cores: one on a two-core CI machine, which then
 * waits idle through every test's timers and I/O. The files are independent (each makes its own
 * databases, emulators and ports), so one per core. The two projects of files share these workers.
 */
const FILE_WORKERS = 2;

/** What every project runs with (the global setup is the root's alone: one per run). */
const common = {
  environment: 'node',
  // Worker threads rather than child processes: they start faster and the run took less wall and
  // CPU time so, on the same machine minutes apart. A thread has its own copy of process.env, so the
  // files that set it still change only their own.
  pool: 'threads',
  // Service calls and the like log at info: tests print only warnings and errors.
  env: { LOG_LEVEL: 'warn' },
  testTimeout: 30_000,
  hookTimeout: 120_000,
  setupFiles: ['tests/support/next-runtime.ts'],
} as const;

export default defineConfig({
  resolve: { alias },
  test: {
    // One throwaway PostgreSQL cluster per run (or TEST_DATABASE_URL) and the migrated template
    // databases the files copy; removed and stopped at the end.
    globalSetup: ['tests/support/global-setup.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          ...common,
          name: 'files',
          include: ['tests/**/*.test.ts'],
          exclude: [...REAL_CLOCK_FILES, ...OWN_PROCESS_FILES],
          // A worker's process and its loaded modules serve file after file: a fresh process per
          // file spent more of the run importing the same modules again than running tests. The
          // files that change what the process holds are in the next project.
          isolate: false,
          maxWorkers: FILE_WORKERS,
        },
      },
      {
        resolve: { alias },
        test: {
          ...common,
          name: 'own process',
          include: OWN_PROCESS_FILES.filter((file) => !REAL_CLOCK_FILES.includes(file)),
          maxWorkers: FILE_WORKERS,
        },
      },
      {
        resolve: { alias },
        test: { ...common, name: 'real clock', include: REAL_CLOCK_FILES, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
