import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Files that simulate a service's rate-limit windows on the real clock with answers a few
 * milliseconds long: what they assert (429s, a window's use) holds only when their process gets
 * a core when its timers fire. They run last, one at a time, when the other files (and the
 * production build `npm test` runs beside Vitest) no longer compete for the cores.
 */
const REAL_CLOCK_FILES = ['tests/jobs/shared-budget.test.ts'];

const alias = {
  '@': fileURLToPath(new URL('.', import.meta.url)),
  // `server-only` throws outside React's server bundle; in Node tests it is a no-op.
  'server-only': fileURLToPath(new URL('./tests/support/server-only.ts', import.meta.url)),
};

/** What both projects run with (the global setup is the root's alone: one per run). */
const common = {
  environment: 'node',
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
          exclude: REAL_CLOCK_FILES,
          // Vitest's default is one worker fewer than the cores: one on a two-core CI machine, which
          // then waits idle through every test's timers and I/O. The files are independent (each makes
          // its own databases, emulators and ports), so one per core.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: { ...common, name: 'real clock', include: REAL_CLOCK_FILES, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
