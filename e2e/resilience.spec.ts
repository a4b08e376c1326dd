/**
 * The console while the service fails, in Chromium against the e2e emulator: a hung service
 * (the page deadline), the service down and back (connections refused, then the page recovers
 * by itself), and a 429 storm (what the console sends during it, counted at the emulator).
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_CONSOLE_URL } from './stack';
import { emulatorControl, operatorRequests, signIn } from './support';

/** UPSTREAM_PAGE_DEADLINE_MS's default, which the e2e stack keeps. */
const PAGE_DEADLINE_MS = 10_000;

test.beforeEach(async ({ page }) => {
  await signIn(page, 'ops@example.com');
});

test.afterEach(async () => {
  await emulatorControl('faults', { method: 'DELETE' });
});

/** The pages' reads the emulator logged (the test's own control calls are not logged). */
async function serviceReads(): Promise<number> {
  return (await operatorRequests()).filter((entry) => entry.path.startsWith('/admin/') && entry.method === 'GET')
    .length;
}

async function listShown(page: Page): Promise<void> {
  await expect(page.getByTestId('list-total')).toBeVisible();
}

test('service slow: a hung read ends at the page deadline with the failure, its request id and an automatic retry', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await emulatorControl('faults', { body: [{ pattern: '^/admin/ra/users$', method: 'GET', hang: true }] });
  const started = Date.now();
  await page.goto('/users?verified=true', { timeout: 40_000 });
  const failure = page.getByTestId('upstream-failure');
  await expect(failure).toContainText('The service timed out', { timeout: 30_000 });
  const elapsed = Date.now() - started;
  // Without the deadline the reads' own retries take several times it; with it, the page answers
  // after about the deadline (the bound leaves room for a loaded machine, not for the retries).
  expect(elapsed).toBeGreaterThanOrEqual(PAGE_DEADLINE_MS - 500);
  expect(elapsed).toBeLessThan(PAGE_DEADLINE_MS + 8_000);
  await expect(failure).toContainText(/Request id: [0-9a-f-]{36}/);
  await expect(failure.getByTestId('auto-retry')).toContainText(/Trying again by itself in \d+ s/);

  await emulatorControl('faults', { method: 'DELETE' });
  // Recovers without a click: the automatic re-read finds the service answering again.
  await listShown(page);
  await expect(failure).toHaveCount(0);
});

test('service down: connections refused show the same clear state, and the page recovers by itself when it is back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/users');
  await listShown(page);
  // The whole service stops listening for 12 s (data and tokens survive, as a restart would).
  await emulatorControl('outage', { body: { ms: 12_000 } });
  const downSince = Date.now();
  await page.goto('/users?verified=false');
  const failure = page.getByTestId('upstream-failure');
  await expect(failure).toContainText('The service is unreachable');
  await expect(failure).toContainText('Check that it is running and reachable');
  await expect(failure.getByTestId('auto-retry')).toBeVisible();
  expect(Date.now() - downSince, 'the failure shows well before the service is back').toBeLessThan(12_000);

  // No click: the page re-reads itself (5 s, then 10 s later) and shows the list once the
  // service listens again.
  await expect(page.getByTestId('list-total')).toBeVisible({ timeout: 45_000 });
  await expect(failure).toHaveCount(0);
  await expect(page).toHaveURL(`${E2E_CONSOLE_URL}/users?verified=false`);
});

test('429 storm: the console sends a bounded number of requests while every read is rate-limited', async ({ page }) => {
  test.setTimeout(90_000);
  // What one healthy load of the page costs in service reads.
  await emulatorControl('requests', { method: 'DELETE' });
  await page.goto('/users?verified=true');
  await listShown(page);
  const readsPerLoad = await serviceReads();
  expect(readsPerLoad).toBeGreaterThan(0);

  const stormSeconds = 20;
  await emulatorControl('faults', { body: [{ pattern: '^/admin/', method: 'GET', rateLimit: true }] });
  await emulatorControl('requests', { method: 'DELETE' });
  const stormStarted = Date.now();
  await page.goto('/users?verified=false', { timeout: 40_000 });
  const failure = page.getByTestId('upstream-failure');
  await expect(failure).toContainText('Rate-limited by the service (HTTP 429)', { timeout: 30_000 });
  await expect(failure).toContainText(/Request id: \S+/);
  await page.waitForTimeout(Math.max(0, stormSeconds * 1000 - (Date.now() - stormStarted)));
  const sent = await serviceReads();
  await emulatorControl('faults', { method: 'DELETE' });

  // The bound: each read tries at most 3 times (two waits for the window's reset), and the page
  // re-reads itself at most once per 5 s, so a 20 s storm costs at most 5 loads of 3 tries. A
  // console retrying in a loop would send hundreds.
  const loads = 1 + Math.floor(stormSeconds / 5);
  const bound = readsPerLoad * 3 * loads;
  console.log(
    `429 storm: ${sent} requests in ${stormSeconds} s (one healthy load: ${readsPerLoad} reads; bound ${bound})`,
  );
  expect(sent).toBeGreaterThan(0);
  expect(sent).toBeLessThanOrEqual(bound);

  // And it comes back by itself when the storm ends.
  await listShown(page);
});
