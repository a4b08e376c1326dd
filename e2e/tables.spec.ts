/**
 * The console's tables as the generic data table, and the URL state of their pages: the stuck
 * queue's selection and bulk remediation, the audit log's filters (control characters refused),
 * unknown parameters reported briefly. The pages' a11y scans are in accessibility.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { signIn } from './support';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'ops@example.com');
});

test('the stuck queue selects rows of its page and remediates the selection as a job', async ({ page }, testInfo) => {
  // A job runs, and its page is checked with axe and photographed: slow on a loaded machine.
  test.slow();
  await page.goto('/stuck');
  const rows = page.getByTestId('stuck-row');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  await expect(page.getByTestId('list-total')).toHaveText(/\d/);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByRole('button', { name: `Remediate selected (${shown})` })).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Select all on this page' }).uncheck();
  const subject = (await rows.first().getAttribute('data-message-id'))!;
  await page.getByRole('checkbox', { name: `Select ${subject}` }).check();
  // The ticked row is highlighted (by CSS, from its checked box).
  const highlighted = await rows.first().evaluate((row) => getComputedStyle(row).backgroundColor);
  const plain = await rows.nth(1).evaluate((row) => getComputedStyle(row).backgroundColor);
  expect(highlighted).not.toBe(plain);

  await page.getByRole('button', { name: 'Remediate selected (1)' }).click();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('dry-run-sample').locator('tbody tr')).toHaveCount(1);
  await page.getByLabel('Type 1 to confirm').fill('1');
  await page.getByRole('button', { name: 'Start job for 1 messages' }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('job-item')).toHaveCount(1);
  await expect(page.getByTestId('job-item').getByRole('link', { name: subject })).toHaveAttribute(
    'href',
    `/messages/${subject}`,
  );
  await expect(page.getByTestId('job-status')).toHaveText('completed', { timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'job', { fullPage: true });

  const jobId = page.url().slice(-36);
  await page.goto('/jobs');
  await expect(page.getByTestId('jobs-table').getByRole('link', { name: jobId.slice(0, 8) })).toHaveAttribute(
    'href',
    `/jobs/${jobId}`,
  );
  await expect(page.getByTestId('list-range')).toContainText('job');
});

test('the audit log pages through the one pagination, and refuses control characters in its filters', async ({
  page,
}) => {
  await page.goto('/audit');
  await expect(page.getByTestId('audit-entries')).toBeVisible();
  await expect(page.getByTestId('list-range')).toContainText('of');

  // A NUL in a filter is a message on the page, and a 400 for the export (not a broken download).
  const response = await page.goto('/audit?target=%00');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('target must not contain control characters')).toBeVisible();
  const exported = await page.request.get('/api/audit/export?target=%00');
  expect(exported.status()).toBe(400);
  expect(await exported.json()).toEqual({
    error: 'invalid_filters',
    errors: { target: ['target must not contain control characters'] },
  });

  // Past the last page: a way back.
  await page.goto('/audit?page=99999');
  await page.getByRole('link', { name: 'Go to the last page' }).click();
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();
});

test('unknown URL parameters are named a few at a time and the rest counted, on every page', async ({ page }) => {
  // Names of the sender's choosing, longer than shown; the URL stays within the server's header limit.
  const junk = new URLSearchParams(
    Array.from({ length: 60 }, (_, index) => [`<i>${index}${'x'.repeat(50)}`, '1']),
  ).toString();
  for (const path of ['/messages', '/stuck', '/audit', '/jobs']) {
    const response = await page.goto(`${path}?${junk}`);
    expect(response?.status()).toBe(200);
    const issues = page.getByTestId('param-issues');
    await expect(issues.getByRole('listitem')).toHaveCount(6);
    await expect(issues).toContainText('55 more parameters');
    expect((await issues.innerText()).length).toBeLessThan(800);
  }
});
