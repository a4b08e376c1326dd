import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // `server-only` throws outside React's server bundle; in Node tests it is a no-op.
      'server-only': fileURLToPath(new URL('./tests/support/server-only.ts', import.meta.url)),
    },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // Service calls and the like log at info: tests print only warnings and errors.
    env: { LOG_LEVEL: 'warn' },
    // Vitest's default is one worker fewer than the cores: one on a two-core CI machine, which
    // then waits idle through every test's timers and I/O. The files are independent (each makes
    // its own databases, emulators and ports), so one per core.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One throwaway PostgreSQL cluster per run (or TEST_DATABASE_URL); stopped at the end.
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/next-runtime.ts'],
  },
});
