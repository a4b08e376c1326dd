/**
 * Issue 17, in Chromium at 1440x900: a dry run over a large selection is read in the background.
 * Its own console (E2E_APPROVALS_CONSOLE_PORT, a redirect URI of the e2e emulator; approvals off
 * as on the shared one) with JOB_INLINE_PLAN_LIMIT=3 and JOB_PLAN_PAGE_SIZE=3, so the small
 * preset's stuck messages are "large" and read in several pages. The emulator answers every page
 * after the first (read in the operator's request) with a 429 until the test lifts that fault, so
 * the read is held mid-way for as long as the test looks at it, however slow the machine (the
 * runners retry rate-limited pages). The dialog sends the operator to the job page, which shows the
 * read's progress, then the dry run's summary and the typed-count confirmation; a cancel mid-read
 * stops it and nothing reaches the service's operations (read back from the emulator's request log).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { startConsole, type ExtraConsole } from './consoles';
import { E2E_APPROVALS_CONSOLE_PORT } from './stack';
import { emulatorControl, emulatorRequests, signIn } from './support';

const LIMIT = 3;

let planConsole: ExtraConsole | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  planConsole = await startConsole({
    port: E2E_APPROVALS_CONSOLE_PORT,
    env: { JOB_INLINE_PLAN_LIMIT: String(LIMIT), JOB_PLAN_PAGE_SIZE: String(LIMIT) },
  });
  await emulatorControl('reset', { method: 'POST' });
});
test.afterAll(async () => {
  await emulatorControl('faults', { method: 'DELETE' }).catch(() => {});
  await planConsole?.stop();
});
test.afterEach(async () => {
  await emulatorControl('faults', { method: 'DELETE' });
});

const operationCalls = async () =>
  (await emulatorRequests()).filter((entry) =>
    /^\/admin\/ra\/message\/[^/]+\/(reprocess|status|createMP3|recreateWaveform)/.test(entry.path),
  );
const listReads = async () =>
  (await emulatorRequests()).filter((entry) => entry.path === '/admin/ra/messages' && entry.method === 'GET');
/** The dry run's page reads (in id order); the console's stuck sampler counts by status meanwhile. */
const planReads = async () =>
  (await listReads()).filter((entry) => entry.query.includes(encodeURIComponent(JSON.stringify(['id', 'ASC']))));

/** The dry run's later pages (not its first, nor the sampler's counts, which start at 0): held while this fault stands. */
const HOLD_LATER_PAGES = { pattern: '^/admin/ra/messages$', method: 'GET', query: 'range=\\[[1-9]', rateLimit: true };

/**
 * Opens "Remediate all N matching" on the stuck view and runs the dry run with its later pages
 * held; resolves on the job page while the read waits there.
 */
async function startLargeDryRun(page: Page): Promise<{ jobId: string; matching: number }> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'ops@example.com', '/stuck', planConsole!.url);
  const all = page.getByRole('button', { name: /^Remediate all [\d,]+ matching$/ });
  await expect(all).toBeEnabled();
  const matching = Number((await all.innerText()).replace(/[^\d]/g, ''));
  expect(matching).toBeGreaterThan(LIMIT);
  await emulatorControl('requests', { method: 'DELETE' });
  await emulatorControl('faults', { body: [HOLD_LATER_PAGES] });
  await all.click();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  return { jobId: new URL(page.url()).pathname.split('/').pop()!, matching };
}

test('a large dry run shows its progress on the job page, then the summary and the typed-count confirmation', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { matching } = await startLargeDryRun(page);
  const progress = page.getByTestId('plan-progress');
  await expect(progress).toContainText('Dry run in progress');
  await expect(page.getByTestId('job-status')).toHaveText('planning');
  await expect(page.getByTestId('plan-count-found')).toContainText(`of ${matching.toLocaleString('en-US')}`);
  await expectNoSeriousA11yViolations(page, 'job page while planning');
  // The jobs list shows it while it reads, so the operator can come back to it.
  // This spec's own console (the job is in its database), not the shared one.
  const jobPage = page.url();
  await page.goto(new URL('/jobs', jobPage).toString());
  const listed = page
    .getByTestId('jobs-table')
    .getByRole('row')
    .filter({ has: page.locator(`a[href="${new URL(jobPage).pathname}"]`) });
  await expect(listed).toContainText('planning');
  await expect(listed).toContainText('dry run reading the selection');
  await page.goto(jobPage);
  await expect(page.getByTestId('job-status')).toHaveText('planning');

  // The read goes on; the page refreshes itself until it is done, then asks for the count.
  await emulatorControl('faults', { method: 'DELETE' });
  await expect(page.getByTestId('planned-job')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('job-status')).toHaveText('planned');
  await expect(page.getByTestId('dry-run-count')).toHaveText(matching.toLocaleString('en-US'));
  const start = page.getByRole('button', { name: `Start job for ${matching.toLocaleString('en-US')} messages` });
  await expect(start).toBeDisabled();
  await page.getByLabel(`Type ${matching} to confirm`).fill(String(matching));
  await expect(start).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'job page planned');
  await screenshotBothThemes(page, testInfo, 'job-planned');
  // Every page was read by the console's machine client, and nothing was sent to the operations.
  const reads = await listReads();
  expect(reads.length).toBeGreaterThanOrEqual(Math.ceil(matching / LIMIT));
  expect(await operationCalls()).toHaveLength(0);

  // Discarded rather than started: 2,000 reprocesses are not this test's business.
  await page.getByRole('button', { name: 'Cancel job' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('cancelled');
  expect(await operationCalls()).toHaveLength(0);
});

test('cancel mid-read stops the dry run: the job ends cancelled and the service gets no operation', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await startLargeDryRun(page);
  await expect(page.getByTestId('plan-progress')).toContainText('Dry run in progress');
  // Still reading while both themes are taken: its later pages are held.
  await screenshotBothThemes(page, testInfo, 'job-planning');
  await page.getByRole('button', { name: 'Cancel planning' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('cancelled');
  await expect(page.getByTestId('plan-progress')).toHaveCount(0);
  await expect(page.getByTestId('plan-cancelled')).toContainText('nothing was sent to the service');
  const readsAtCancel = (await planReads()).length;
  expect(readsAtCancel).toBeGreaterThan(0);
  // The page on the wire may still arrive; no further page is asked for (a held page is asked
  // for again about every second while its read goes on).
  await page.waitForTimeout(6_000);
  expect((await planReads()).length - readsAtCancel).toBeLessThanOrEqual(1);
  expect(await operationCalls()).toHaveLength(0);
  await screenshotBothThemes(page, testInfo, 'job-plan-cancelled');
});
