/**
 * Issue 16, in Chromium at 1440x900: a bulk job links back to the view it was started from (with
 * its URL state) on its page and in the jobs list.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { E2E_EMULATOR_URL } from './stack';
import { serviceToken, signIn } from './support';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'ops@example.com');
});

/** The workspace with the fewest stuck messages (at least one), read straight from the service. */
async function smallStuckWorkspace(): Promise<string> {
  const filter = { status: ['processing', 'initializing', 'inprogress'], updated_before: Date.now() - 15 * 60_000 };
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify([0, 499]),
    sort: JSON.stringify(['id', 'ASC']),
  });
  const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/messages?${query}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status).toBe(200);
  const counts = new Map<string, number>();
  for (const message of (await response.json()) as { workspace_guid: string | null }[]) {
    if (message.workspace_guid) counts.set(message.workspace_guid, (counts.get(message.workspace_guid) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => a[1] - b[1])[0]![0];
}

test('a job started from a filtered stuck view links back to that view from its page and the jobs list', async ({
  page,
}, testInfo) => {
  const workspace = await smallStuckWorkspace();
  await page.goto(`/stuck?workspace=${workspace}&size=25&sort=age.asc`);
  const view = page.url();
  const matching = Number((await page.getByTestId('stuck-count').innerText()).split(' ')[0]);
  expect(matching).toBeGreaterThan(0);
  await page.getByRole('button', { name: `Remediate all ${matching} matching` }).click();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('dry-run-count')).toHaveText(String(matching));
  await page.getByLabel(`Type ${matching} to confirm`).fill(String(matching));
  await page.getByRole('button', { name: `Start job for ${matching} messages` }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  const jobId = new URL(page.url()).pathname.split('/').pop()!;

  await expect(page.getByTestId('job-covers')).toContainText(workspace);
  await expectNoSeriousA11yViolations(page, 'job page');
  await screenshotBothThemes(page, testInfo, 'job-page');
  const origin = page.getByTestId('job-origin').getByRole('link');
  await expect(origin).toBeVisible();
  await origin.click();
  await expect(page).toHaveURL(view);
  await expect(page.getByTestId('stuck-count')).toBeVisible();

  await page.goto('/jobs');
  const row = page
    .getByTestId('jobs-table')
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: jobId.slice(0, 8), exact: true }) });
  await expect(row.getByTestId('job-covers')).toContainText(workspace);
  await expectNoSeriousA11yViolations(page, 'jobs list');
  await screenshotBothThemes(page, testInfo, 'jobs-list');
  await row.getByTestId('job-origin-link').click();
  await expect(page).toHaveURL(view);
});
