/**
 * The stack the browser tests run against: a fresh emulator (small preset) and the console's
 * production build, on ports of their own so a running `npm start` does not interfere.
 */
import { DEMO_ROLES } from '../scripts/demo-roles';

export const E2E_CONSOLE_PORT = Number(process.env.E2E_CONSOLE_PORT ?? 3100);
export const E2E_EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 4110);
export const E2E_CONSOLE_URL = `http://127.0.0.1:${E2E_CONSOLE_PORT}`;
export const E2E_EMULATOR_URL = `http://127.0.0.1:${E2E_EMULATOR_PORT}`;
/** Known to the tests so they can open the session cookie and look for the tokens elsewhere. */
export const E2E_NEXTAUTH_SECRET = 'e2e-only-secret-0123456789abcdef0123456789';

/**
 * e2e/approvals.spec.ts starts a console of its own with four-eyes approvals on (the shared one
 * has them off), on this port: the emulator's OAuth client accepts exactly the redirect URIs it was
 * started with, so the browser can sign in only on a console whose address it knows in advance.
 */
export const E2E_APPROVALS_CONSOLE_PORT = Number(process.env.E2E_APPROVALS_CONSOLE_PORT ?? E2E_CONSOLE_PORT + 90);
export const E2E_APPROVALS_CONSOLE_URL = `http://127.0.0.1:${E2E_APPROVALS_CONSOLE_PORT}`;
/**
 * That console's approval expiry: short, so the spec sees a request expire (a request made before
 * its other tests, which run meanwhile), and still several times what those tests take from a
 * request to its decision.
 */
export const E2E_APPROVAL_TTL_MINUTES = 1;

/** e2e/operations.spec.ts starts a traced console of its own here (same reason as above). */
export const E2E_OPERATIONS_CONSOLE_URL = `http://127.0.0.1:${Number(process.env.E2E_OPERATIONS_CONSOLE_PORT ?? E2E_CONSOLE_PORT + 91)}`;

/**
 * e2e/operators.spec.ts starts a console of its own here, with approvals on and roles of its own
 * (same reason); +95 stays clear of the other extra consoles of the parallel runs (console port +0..+2).
 */
export const E2E_OPERATORS_CONSOLE_URL = `http://127.0.0.1:${Number(process.env.E2E_OPERATORS_CONSOLE_PORT ?? E2E_CONSOLE_PORT + 95)}`;

/**
 * e2e/notification-channels.spec.ts starts a console of its own here, with approvals on and a
 * quick notification deliverer (same reason as above).
 */
export const E2E_NOTIFICATIONS_CONSOLE_URL = `http://127.0.0.1:${Number(process.env.E2E_NOTIFICATIONS_CONSOLE_PORT ?? E2E_CONSOLE_PORT + 96)}`;
/** The notification channels' key of every e2e console (32 bytes, hex): the same everywhere, as in production. */
export const E2E_NOTIFICATION_SECRETS_KEY = 'e2e0'.repeat(16);

/**
 * Where the stack's output is copied (relative to the repository). Per console port, like the
 * console database below: `npm test` runs several stacks side by side (scripts/e2e-shards.ts).
 */
export const E2E_STACK_LOG_FILE = `.data/e2e-stack-${E2E_CONSOLE_PORT}.log`;
/** The JSON report of a Playwright run against the stack on `consolePort` (read by scripts/test.ts). */
export const e2eReportFile = (consolePort: number) => `.data/reports/playwright-${consolePort}.json`;
export const E2E_REPORT_FILE = e2eReportFile(E2E_CONSOLE_PORT);

export const E2E_STACK_ENV: Record<string, string> = {
  CONSOLE_PORT: String(E2E_CONSOLE_PORT),
  EMULATOR_PORT: String(E2E_EMULATOR_PORT),
  NEXTAUTH_URL: E2E_CONSOLE_URL,
  EMULATOR_PUBLIC_URL: E2E_EMULATOR_URL,
  NEXTAUTH_SECRET: E2E_NEXTAUTH_SECRET,
  EMULATOR_PRESET: 'small',
  EMULATOR_CONSOLE_REDIRECT_URIS: [
    E2E_CONSOLE_URL,
    E2E_APPROVALS_CONSOLE_URL,
    E2E_OPERATIONS_CONSOLE_URL,
    E2E_OPERATORS_CONSOLE_URL,
    E2E_NOTIFICATIONS_CONSOLE_URL,
  ]
    .map((url) => `${url}/api/auth/callback/voice`)
    .join(','),
  // The staff accounts' roles as `npm start` maps them, also for the consoles a spec starts itself.
  CONSOLE_ROLES: DEMO_ROLES,
  // Its own console database, so a running `npm start` (which holds the default one) is no obstacle.
  CONSOLE_DATA_DIR: `.data/e2e-console-db-${E2E_CONSOLE_PORT}`,
  // Everything the emulator and the console print, for tests that prove a secret is not in it.
  STACK_LOG_FILE: E2E_STACK_LOG_FILE,
  // Four-eyes approvals (lib/approvals/policy.ts) gate merges, domain deletion, set owner, the
  // sequence repair and set-status jobs, which other specs run directly: off here.
  // e2e/approvals.spec.ts runs its own console with them on (E2E_APPROVALS_CONSOLE_PORT).
  CONSOLE_APPROVALS: 'off',
  NOTIFICATION_SECRETS_KEY: E2E_NOTIFICATION_SECRETS_KEY,
  // Watch rules are evaluated every few seconds, so that e2e/watch-rules.spec.ts waits only for
  // what its rule's condition needs (its minute), not for the evaluation interval too.
  WATCH_RULES_INTERVAL_SECONDS: '5',
};
