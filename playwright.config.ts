import { defineConfig } from '@playwright/test';
import { E2E_CONSOLE_PORT, E2E_CONSOLE_URL, E2E_REPORT_FILE, E2E_STACK_ENV } from './e2e/stack';
import { WAITING_SPECS } from './scripts/e2e-shards';
import { CHROMIUM_LOOPBACK_ONLY, testChromiumPath } from './scripts/system-packages';

// The README's screenshots are taken on demand (`npm run screenshots`), not in every test run.
const onDemand = process.env.SCREENSHOTS === '1' ? [] : ['**/screenshots.spec.ts'];
const waitingSpecs = [...WAITING_SPECS].map((name) => `**/${name}`);

export default defineConfig({
  testDir: './e2e',
  testIgnore: onDemand,
  // Within a run the specs that mostly wait (scripts/e2e-shards.ts) go first, so that their waits
  // overlap the other runs' work rather than end this run alone once the others are done and the
  // cores idle. Playwright takes a project's files in name order, and the projects in this order.
  projects: [
    { name: 'waiting', testMatch: waitingSpecs },
    { name: 'busy', testIgnore: [...onDemand, ...waitingSpecs] },
  ],
  // The tests share one emulator whose state they change: one at a time. `npm test` runs the
  // specs faster as several of these runs side by side, each on a stack of its own
  // (scripts/e2e-shards.ts), so their artefacts and reports are per console port.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: E2E_REPORT_FILE }]],
  outputDir: `test-results/${E2E_CONSOLE_PORT}`,
  use: {
    baseURL: E2E_CONSOLE_URL,
    // Recorded on a test's retry only (npm test retries a failed test once, so a failure that
    // repeats has its trace): recording every test's screencast and snapshots cost Chromium's
    // GPU and browser processes more CPU than the pages themselves on a two-core machine.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: testChromiumPath(process.env),
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        CHROMIUM_LOOPBACK_ONLY,
      ],
    },
  },
  webServer: {
    command: 'node node_modules/tsx/dist/cli.mjs e2e/start-stack.ts',
    // The start script prints this once both the emulator and the console answer.
    wait: { stdout: /Voice operations console is ready/ },
    env: E2E_STACK_ENV,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
