import { expect, test, type Page } from '@playwright/test';
import { E2E_EMULATOR_URL } from './stack';
import { emulatorControl, serviceToken, signIn } from './support';

interface ServiceMessage {
  id: string;
  status: string;
  status_reason?: string | null;
  workspace_guid: string | null;
  audio_models?: { type: string }[];
  waveform_percentages?: string[] | null;
  last_updated_at: number;
}

/** Messages straight from the service, for choosing test subjects and checking outcomes. */
async function serviceMessages(
  filter: Record<string, unknown>,
  count = 200,
): Promise<{ rows: ServiceMessage[]; total: number }> {
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify([0, count - 1]),
    sort: JSON.stringify(['last_updated_at', 'ASC']),
  });
  const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/messages?${query}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status).toBe(200);
  return {
    rows: (await response.json()) as ServiceMessage[],
    total: Number(response.headers.get('content-range')?.split('/').pop()),
  };
}

async function serviceMessage(id: string): Promise<ServiceMessage> {
  const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/messages/${id}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  return (await response.json()) as ServiceMessage;
}

const STUCK = { status: ['processing', 'initializing', 'inprogress'] };
const stuckFilter = () => ({ ...STUCK, updated_before: Date.now() - 15 * 60_000 });

async function poisonIds(): Promise<Map<string, 'stuck' | 'fail'>> {
  const poison = (await emulatorControl('poison-messages')) as { id: string; behaviour: 'stuck' | 'fail' }[];
  return new Map(poison.map((entry) => [entry.id, entry.behaviour]));
}

async function openMessage(page: Page, id: string): Promise<void> {
  await page.goto(`/messages/${id}`);
  await expect(page.getByTestId('message-workbench')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await emulatorControl('settings', { body: { reprocessDelayMs: 1_500 } });
  await signIn(page, 'ops@example.com');
});

test.afterEach(async () => {
  await emulatorControl('faults', { method: 'DELETE' });
});

test('the stuck queue lists the seeded stuck messages, oldest first, grouped', async ({ page }) => {
  const service = await serviceMessages(stuckFilter(), 50);
  expect(service.total).toBeGreaterThan(0);
  await page.goto('/stuck');
  await expect(page.getByTestId('stuck-count')).toHaveText(`${service.total.toLocaleString('en-US')} matching`);
  const firstRow = page.getByTestId('stuck-row').first();
  await expect(firstRow).toHaveAttribute('data-message-id', service.rows[0]!.id);
  await expect(page.getByTestId('stuck-groups')).toBeVisible();
  await expect(page.getByTestId('stuck-workspaces').getByRole('listitem').first()).toBeVisible();
  // A group is a link that narrows the queue, shareable as a URL.
  await page.getByTestId('stuck-total-processing').getByRole('link').click();
  await expect(page).toHaveURL(/status=processing/);
  await expect(page.getByTestId('stuck-row').first()).toBeVisible();
});

test('reprocessing a message takes it out of the queue, and the service finishes it', async ({ page }) => {
  const poison = await poisonIds();
  const subject = (await serviceMessages(stuckFilter())).rows.find((message) => !poison.has(message.id))!;
  await openMessage(page, subject.id);
  await page.getByRole('button', { name: 'Reprocess' }).click();
  await expect(page.getByTestId('action-outcome')).toContainText('Reprocess done');
  await page.goto('/stuck');
  await expect(page.getByTestId('stuck-table')).toBeVisible();
  await expect(page.locator(`[data-message-id="${subject.id}"]`)).toHaveCount(0);
  await expect.poll(async () => (await serviceMessage(subject.id)).status, { timeout: 10_000 }).toBe('active');
  await openMessage(page, subject.id);
  await expect(page.getByTestId('message-status')).toHaveText('active');
});

test('a poison message falls to failed with its reason', async ({ page }) => {
  const poison = [...(await poisonIds())].find(([, behaviour]) => behaviour === 'fail')!;
  await openMessage(page, poison[0]);
  await page.getByRole('button', { name: 'Reprocess' }).click();
  await expect(page.getByTestId('action-outcome')).toContainText('done');
  await expect.poll(async () => (await serviceMessage(poison[0])).status, { timeout: 10_000 }).toBe('failed');
  await page.reload();
  await expect(page.getByTestId('message-status')).toHaveText('failed');
  const reason = (await serviceMessage(poison[0])).status_reason!;
  expect(reason).toBeTruthy();
  await expect(page.getByTestId('message-status-reason')).toContainText(reason);
});

test('setting a status reads back from the service; an unknown status needs an explicit warning', async ({ page }) => {
  const subject = (await serviceMessages({ status: 'active' }, 5)).rows[2]!;
  await openMessage(page, subject.id);
  await page.getByLabel('New status').selectOption('paused');
  await page.getByRole('button', { name: 'Set status' }).click();
  await expect(page.getByTestId('message-status')).toHaveText('paused');
  expect((await serviceMessage(subject.id)).status).toBe('paused');

  await page.getByLabel('New status').selectOption('__other__');
  await page.getByLabel('Other status').fill('quarantined');
  await expect(page.getByRole('button', { name: 'Set status' })).toBeDisabled();
  await page.getByRole('checkbox', { name: /not one the console knows/ }).check();
  await page.getByRole('button', { name: 'Set status' }).click();
  await expect(page.getByTestId('message-status')).toHaveText('quarantined');
});

test('create MP3 makes the player appear; recreate waveform redraws it', async ({ page }) => {
  const candidates = (await serviceMessages({ status: 'active', is_text_message: false }, 300)).rows;
  const withoutMp3 = candidates.find(
    (m) => m.audio_models?.some((a) => a.type === 'hls') && !m.audio_models.some((a) => a.type === 'mp3'),
  )!;
  expect(withoutMp3).toBeTruthy();
  await openMessage(page, withoutMp3.id);
  await expect(page.getByTestId('message-audio')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create MP3' }).click();
  await expect(page.getByTestId('message-audio')).toBeVisible();

  await page.getByRole('button', { name: 'Recreate waveform' }).click();
  await expect(page.getByTestId('action-outcome')).toContainText('Recreate waveform done');
  const waveform = (await serviceMessage(withoutMp3.id)).waveform_percentages ?? [];
  expect(waveform.length).toBeGreaterThan(0);
  await expect(page.getByTestId('waveform')).toHaveAttribute('data-samples', String(waveform.length));
});

test('bulk reprocess of a filter runs to completion with per-item results, and failed items can be retried', async ({
  page,
}) => {
  const poison = await poisonIds();
  // The stuck messages of one workspace, minus poison (they would stay stuck).
  const stuck = (await serviceMessages(stuckFilter(), 500)).rows;
  const byWorkspace = new Map<string, ServiceMessage[]>();
  for (const message of stuck)
    if (message.workspace_guid)
      byWorkspace.set(message.workspace_guid, [...(byWorkspace.get(message.workspace_guid) ?? []), message]);
  const [workspace, members] = [...byWorkspace]
    .filter(([, list]) => list.length >= 2 && list.every((m) => !poison.has(m.id)))
    .sort((a, b) => b[1].length - a[1].length)[0]!;
  // One message's reprocess fails at the service until the fault is lifted.
  const failing = members[0]!.id;
  await emulatorControl('faults', { body: [{ pattern: `^/admin/ra/message/${failing}/reprocess$`, status: 503 }] });

  await page.goto(`/stuck?workspace=${workspace}`);
  await expect(page.getByTestId('stuck-count')).toHaveText(`${members.length} matching`);
  await page.getByRole('button', { name: `Remediate all ${members.length} matching` }).click();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('dry-run-count')).toHaveText(String(members.length));
  await expect(page.getByTestId('dry-run-sample').locator('tbody tr')).toHaveCount(Math.min(members.length, 20));
  await page.getByLabel(`Type ${members.length} to confirm`).fill(String(members.length));
  await page.getByRole('button', { name: `Start job for ${members.length} messages` }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);

  await expect(page.getByTestId('job-status')).toHaveText('completed', { timeout: 45_000 });
  await expect(page.getByTestId('job-count-ok')).toHaveText(String(members.length - 1));
  await expect(page.getByTestId('job-count-failed')).toHaveText('1');
  const failedRow = page.locator('[data-testid="job-item"][data-item-status="failed"]');
  await expect(failedRow).toContainText(failing);
  await expect(failedRow).toContainText('503');

  await emulatorControl('faults', { method: 'DELETE' });
  await page.getByRole('button', { name: 'Retry failed (1)' }).click();
  await expect(page.getByTestId('job-count-failed')).toHaveText('0', { timeout: 30_000 });
  await expect(page.getByTestId('job-status')).toHaveText('completed', { timeout: 30_000 });
  await expect(page.getByTestId('job-count-ok')).toHaveText(String(members.length));
  for (const member of members) expect((await serviceMessage(member.id)).status).not.toBe('initializing');
  await page.goto('/audit?action=job.');
  await expect(page.getByTestId('audit-entry').first()).toContainText('ops@example.com');
});
