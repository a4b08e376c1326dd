/**
 * The accounts views beside the entity lists: the operator's own workspaces (the spec's
 * GET /admin/workspaces, read back with the operator's own token), the dashboard's orphan
 * counts against the service's reports, and the list pages linking to these views.
 */
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { expectNoSeriousA11yViolations } from './a11y';
import { serviceToken, sessionTokens, signIn } from './support';
import { E2E_EMULATOR_URL } from './stack';

async function serviceRead(path: string, token: string): Promise<unknown> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return response.json();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'ops@example.com');
});

test("My workspaces lists exactly the service's workspaces of the signed-in account, by name", async ({ page }) => {
  const { accessToken } = await sessionTokens(page);
  const own = z
    .array(z.object({ id: z.string(), workspace_name: z.string().nullable() }))
    .parse(await serviceRead('/admin/workspaces', accessToken));
  await page.goto('/workspaces');
  await page
    .getByRole('navigation', { name: 'More workspaces views' })
    .getByRole('link', { name: 'My workspaces' })
    .click();
  await expect(page).toHaveURL(/\/workspaces\/mine$/);
  await expect(page.getByRole('heading', { name: 'My workspaces' })).toBeVisible();
  const table = page.getByTestId('own-workspaces');
  if (own.length === 0) {
    await expect(table).toContainText('You belong to no workspace');
  } else {
    const shown = await table
      .locator('tbody tr[data-row-id]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')));
    expect(shown.sort()).toEqual(own.map((workspace) => workspace.id).sort());
    const named = own.find((workspace) => workspace.workspace_name);
    if (named?.workspace_name) await expect(table.getByRole('link', { name: named.workspace_name })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
});

test("the dashboard counts the service's orphaned channels and notifications and links to them", async ({ page }) => {
  const token = await serviceToken();
  const orphans = z.array(z.object({ id: z.string() }));
  const channels = orphans.parse(await serviceRead('/admin/orphanedChannels', token)).length;
  const notifications = orphans.parse(await serviceRead('/admin/orphanedNotifications', token)).length;
  await page.goto('/');
  await expect(page.getByTestId('dashboard-orphans')).toHaveText((channels + notifications).toLocaleString('en-US'));
  await page.getByRole('link', { name: `${channels} channels with a missing parent` }).click();
  await expect(page).toHaveURL(/\/channels\/orphaned$/);
});

test('the users, channels and notifications lists link to their views', async ({ page }) => {
  for (const [list, label, target] of [
    ['/users', 'Active users', '/users/active'],
    ['/users', 'Merge accounts', '/users/merge'],
    ['/channels', 'Repair sequence numbers', '/channels/repair'],
    ['/notifications', 'Orphaned notifications', '/notifications/orphaned'],
  ] as const) {
    await page.goto(list);
    await page.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
  }
});
