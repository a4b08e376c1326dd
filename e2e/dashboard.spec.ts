/**
 * The dashboard says what needs attention: stuck counts by severity with the direction since the
 * previous reading, a bulk job while it runs, and an operator action the guard refused. The pages'
 * a11y scans are in accessibility.spec.ts, their screenshots in screenshots.spec.ts (on demand).
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_EMULATOR_URL } from './stack';
import { emulatorControl, serviceToken, signIn } from './support';

interface ServiceMessage {
  id: string;
  status: string;
  workspace_guid: string | null;
}

async function serviceMessages(filter: Record<string, unknown>, count: number): Promise<ServiceMessage[]> {
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify([0, count - 1]),
    sort: JSON.stringify(['last_updated_at', 'ASC']),
  });
  const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/messages?${query}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ServiceMessage[];
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/?refresh=0');
  await expect(page.getByTestId('user-count')).toBeVisible();
}

// Two sign-ins, a bulk job and several page loads: more than the default minute on a shared machine.
test.describe.configure({ timeout: 150_000 });

test.afterEach(async () => {
  await emulatorControl('faults', { method: 'DELETE' });
});

test('stuck counts carry a severity, the time read, and the direction since the previous reading', async ({ page }) => {
  await signIn(page, 'ops@example.com');
  await openDashboard(page);
  const card = page.getByTestId('dashboard-stuck-card-processing');
  await expect(card).toHaveAttribute('data-severity', /^(ok|warning|alert)$/);
  await expect(card.getByRole('link')).toHaveAttribute('href', /\/stuck\?threshold=\d+&status=processing/);
  await expect(page.getByRole('heading', { name: /Stuck messages read at \d\d:\d\d:\d\d UTC/ })).toBeVisible();
  // The second reading compares with the first.
  await openDashboard(page);
  await expect(page.getByTestId('dashboard-direction-processing')).toContainText(
    /(unchanged|up \d+|down \d+) since \d\d:\d\d:\d\d UTC/,
  );
  await expect(page.getByTestId('user-count').getByRole('link')).toHaveAttribute('href', '/users');
  await expect(page.getByTestId('dashboard-workspaces').getByRole('link').first()).toHaveAttribute('title', /.+/);
});

test('the dashboard shows a bulk job while it runs', async ({ page }) => {
  await signIn(page, 'ops@example.com');
  const stuck = await serviceMessages(
    { status: ['processing', 'initializing', 'inprogress'], updated_before: Date.now() - 15 * 60_000 },
    500,
  );
  const byWorkspace = new Map<string, number>();
  for (const message of stuck)
    if (message.workspace_guid)
      byWorkspace.set(message.workspace_guid, (byWorkspace.get(message.workspace_guid) ?? 0) + 1);
  const [workspace, count] = [...byWorkspace].filter(([, n]) => n >= 2).sort((a, b) => a[1] - b[1])[0]!;
  // Every reprocess answers slowly, so the job is still running when the dashboard is read.
  await emulatorControl('faults', { body: [{ pattern: '^/admin/ra/message/[^/]+/reprocess$', latencyMs: 5_000 }] });

  await page.goto(`/stuck?workspace=${workspace}&refresh=0`);
  await page.getByRole('button', { name: `Remediate all ${count} matching` }).click();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await page.getByLabel(`Type ${count} to confirm`).fill(String(count));
  await page.getByRole('button', { name: new RegExp(`^Start job for ${count} message`) }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  const jobId = new URL(page.url()).pathname.split('/').pop()!;

  await openDashboard(page);
  const running = page.getByRole('region', { name: 'Running jobs' });
  const job = running.locator(`[data-job-id="${jobId}"]`);
  await expect(job).toBeVisible();
  await expect(job).toContainText(`of ${count} done`);
  await expect(job.getByRole('progressbar')).toHaveAttribute('aria-valuemax', String(count));
  await job.getByRole('link', { name: /Reprocess/ }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
});

test('the dashboard shows an action the guard refused, linked to its target', async ({ browser }) => {
  const context = await browser.newContext();
  const opsPage = await context.newPage();
  await signIn(opsPage, 'ops@example.com');
  const [subject] = await serviceMessages({ status: 'active' }, 1);
  await opsPage.goto(`/messages/${subject!.id}`);
  await expect(opsPage.getByRole('button', { name: 'Reprocess' })).toBeEnabled();

  // The same browser signs in again as a viewer; the page still shows the ops buttons, but the
  // action checks the role itself and refuses.
  const other = await context.newPage();
  await context.clearCookies();
  await signIn(other, 'viewer@example.com');
  await opsPage.getByRole('button', { name: 'Reprocess' }).click();
  await expect(opsPage.getByTestId('action-outcome')).toContainText(
    'Reprocess failed: This action needs the support role; you are viewer.',
  );

  await openDashboard(other);
  const entry = other.getByTestId('dashboard-attention-entry').filter({ hasText: 'message.reprocess' }).first();
  await expect(entry).toHaveAttribute('data-outcome', 'denied');
  await expect(entry).toContainText('refused');
  await expect(entry).toContainText('viewer@example.com');
  await entry.getByRole('link', { name: subject!.id }).click();
  await expect(other).toHaveURL(new RegExp(`/messages/${subject!.id}$`));
  await context.close();
});
