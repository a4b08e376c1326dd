/**
 * Bulk "verify selected" from the users list, as a job: select rows, dry run (count, already
 * verified skipped, a sample with names and e-mails), confirm with the count, the job completes,
 * and the users read back from the emulator as verified with one set_verified call each. "All
 * matching" plans the list's filter; a role below ops is told why it cannot.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { E2E_EMULATOR_URL } from './stack';
import { emulatorControl, emulatorRequests, serviceToken, signIn } from './support';

interface ServiceUser {
  id: string;
  email: string;
  verified: boolean;
}

async function service<T>(path: string): Promise<{ data: T; total: number }> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  return { data: (await response.json()) as T, total: Number(response.headers.get('content-range')?.split('/').pop()) };
}

const listUsers = (filter: Record<string, unknown>, range: [number, number] = [0, 0]) =>
  service<ServiceUser[]>(
    `/admin/ra/users?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range) })}`,
  );

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('ops verifies selected users as a job: dry run, typed count, completed, read back verified', async ({
  page,
}, testInfo) => {
  test.slow();
  await emulatorControl('reset', { method: 'POST' });
  await signIn(page, 'ops@example.com');
  await page.goto('/users?verified=false&type=human');
  const boxes = page.getByRole('checkbox', { name: /^Select usr_/ });
  await expect(boxes.first()).toBeVisible();
  const ids = await Promise.all(
    [0, 1].map(async (index) => (await boxes.nth(index).getAttribute('aria-label'))!.replace(/^Select /, '')),
  );
  for (const id of ids) expect((await service<ServiceUser>(`/admin/ra/users/${id}`)).data.verified).toBe(false);
  for (const index of [0, 1]) await boxes.nth(index).check();
  await page.getByRole('button', { name: 'Verify selected (2)' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Bulk verification' })).toBeVisible();
  await expect(dialog.getByLabel('Action')).toHaveValue('user.set_verified');
  await emulatorControl('requests', { method: 'DELETE' });
  await dialog.getByRole('button', { name: 'Dry run' }).click();
  await expect(dialog.getByTestId('dry-run-count')).toHaveText('2');
  await expect(dialog.getByTestId('dry-run-summary')).toContainText('2 users will get Mark verified');
  const sample = dialog.getByTestId('dry-run-sample').locator('tbody tr');
  await expect(sample).toHaveCount(2);
  for (const id of ids) {
    const user = (await service<ServiceUser>(`/admin/ra/users/${id}`)).data;
    await expect(dialog.getByTestId('dry-run-sample')).toContainText(user.email);
  }
  // The dry run sent nothing.
  expect((await emulatorRequests()).filter((entry) => entry.path.startsWith('/admin/user/set_verified/'))).toHaveLength(
    0,
  );
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'bulk-verify-dry-run');

  const start = dialog.getByRole('button', { name: 'Start job for 2 users' });
  await expect(start).toBeDisabled();
  await dialog.getByLabel('Type 2 to confirm').fill('2');
  await start.click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mark verified on 2 users');
  await expect(page.getByTestId('job-status')).toHaveText('completed', { timeout: 30_000 });
  await expect(page.getByTestId('job-item')).toHaveCount(2);
  await expect(page.locator('[data-testid="job-item"][data-item-status="ok"]')).toHaveCount(2);
  // Users by name (the id on hover), linked to their pages.
  for (const id of ids)
    await expect(page.getByTestId('job-items').locator(`a[href="/users/${id}"]`)).toHaveAttribute('title', id);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'bulk-verify-job');

  const calls = (await emulatorRequests()).filter((entry) => entry.path.startsWith('/admin/user/set_verified/'));
  for (const id of ids) {
    expect((await service<ServiceUser>(`/admin/ra/users/${id}`)).data.verified).toBe(true);
    expect(calls.filter((entry) => entry.path === `/admin/user/set_verified/${id}`)).toHaveLength(1);
  }
  expect(calls).toHaveLength(2);
});

test('Shift-click selects the rows between two clicks; the page box selects and clears the page', async ({ page }) => {
  await signIn(page, 'ops@example.com');
  await page.goto('/users?type=human');
  const boxes = page.getByRole('checkbox', { name: /^Select usr_/ });
  await expect(boxes.nth(4)).toBeVisible();
  await boxes.nth(1).click();
  await boxes.nth(4).click({ modifiers: ['Shift'] });
  for (const index of [1, 2, 3, 4]) await expect(boxes.nth(index)).toBeChecked();
  await expect(boxes.nth(0)).not.toBeChecked();
  await expect(boxes.nth(5)).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Verify selected (4)' })).toBeEnabled();
  // Ticked rows are highlighted (the row's checked box styles it).
  await expect(page.locator('tr:has(input[data-row-select]:checked)')).toHaveCount(4);

  const pageBox = page.getByRole('checkbox', { name: 'Select all on this page' });
  await pageBox.check();
  const onPage = await boxes.count();
  await expect(page.getByRole('button', { name: `Verify selected (${onPage})` })).toBeEnabled();
  await pageBox.uncheck();
  await expect(page.locator('input[data-row-select]:checked')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verify selected (0)' })).toBeDisabled();
});

test('"verify all matching" plans the list filter, skipping users already verified', async ({ page }) => {
  await signIn(page, 'ops@example.com');
  await page.goto('/users?type=agent');
  const expected = (await listUsers({ account_type: 'agent' })).total;
  const alreadyVerified = (await listUsers({ account_type: 'agent', verified: true })).total;
  // The service creates agents verified: there are always some to skip, so the skip is always shown.
  expect(alreadyVerified).toBeGreaterThan(0);
  await page.getByRole('button', { name: `Verify all ${expected.toLocaleString('en-US')} matching` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Every user matching the current filter');
  await emulatorControl('requests', { method: 'DELETE' });
  await dialog.getByRole('button', { name: 'Dry run' }).click();
  await expect(dialog.getByTestId('dry-run-count')).toHaveText(expected.toLocaleString('en-US'));
  await expect(dialog).toContainText(`${alreadyVerified} already verified will be skipped`);
  // Closing leaves a planned dry run that never runs: nothing was sent, nobody changed. The dialog
  // ignores Escape while its action's transition is still settling, so wait until it may close.
  await expect(dialog.getByRole('button', { name: 'Close', exact: true }).first()).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(
    (await emulatorRequests()).filter((entry) => entry.method !== 'GET' && entry.path.startsWith('/admin/')),
  ).toEqual([]);
  expect((await listUsers({ account_type: 'agent', verified: true })).total).toBe(alreadyVerified);
});

test('support sees why bulk verification is not offered', async ({ page }) => {
  await signIn(page, 'support@example.com');
  await page.goto('/users');
  const toolbar = page.getByRole('toolbar', { name: 'Bulk verification' });
  await expect(toolbar.getByRole('button', { name: /^Verify all/ })).toBeDisabled();
  await expect(toolbar.getByTestId('refusal-note')).toHaveText('Needs the ops role; you are support.');
  await expect(page.getByRole('checkbox', { name: /^Select usr_/ })).toHaveCount(0);
});
