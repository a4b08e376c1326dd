/**
 * Single-message status changes that are safe: `deleted` asks first, naming the message and the
 * change; the result says what the status was and sets it back through its own audited action;
 * a role that cannot act sees the buttons disabled with the reason.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_EMULATOR_URL } from './stack';
import { serviceToken, signIn } from './support';

interface ServiceMessage {
  id: string;
  name?: string | null;
  status: string;
}

async function service<T>(path: string): Promise<T> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const activeMessages = () =>
  service<ServiceMessage[]>(
    `/admin/ra/messages?${new URLSearchParams({ filter: JSON.stringify({ status: 'active' }), range: '[0,19]', sort: '["id","ASC"]' })}`,
  );
const serviceStatus = async (id: string) => (await service<ServiceMessage>(`/admin/ra/messages/${id}`)).status;

async function openMessage(page: Page, id: string): Promise<string> {
  await page.goto(`/messages/${id}`);
  await expect(page.getByTestId('message-workbench')).toBeVisible();
  return (await page.getByRole('heading', { level: 1 }).innerText()).trim();
}

test('setting deleted asks first, says what the status was, and can be set back (audited as a revert)', async ({
  page,
}) => {
  await signIn(page, 'ops@example.com');
  const subject = (await activeMessages()).find((message) => message.name)!;
  const title = await openMessage(page, subject.id);

  await page.getByLabel('New status').selectOption('deleted');
  await page.getByRole('button', { name: 'Set status' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Set “${title}” to deleted?`);
  await expect(dialog).toContainText(subject.id);
  await expect(dialog).toContainText('from active to deleted');
  // Nothing is sent before the operator confirms; Cancel leaves the message as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await serviceStatus(subject.id)).toBe('active');

  await page.getByRole('button', { name: 'Set status' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Set to deleted' }).click();
  const outcome = page.getByTestId('status-outcome');
  await expect(outcome).toContainText('Status set: the message was active and is now deleted.');
  await expect(page.getByTestId('message-status')).toHaveAttribute('data-status', 'deleted');
  expect(await serviceStatus(subject.id)).toBe('deleted');

  await outcome.getByRole('button', { name: 'Set it back to active' }).click();
  await expect(outcome).toContainText('Status set back: the message was deleted and is now active.');
  await expect(page.getByTestId('message-status')).toHaveAttribute('data-status', 'active');
  expect(await serviceStatus(subject.id)).toBe('active');

  // The audit log keeps the revert as its own action, with the status it undid.
  await page.goto(`/audit?action=message.revert_status&target=${subject.id}`);
  await expect(page.getByText('message.revert_status').first()).toBeVisible();
});

test('a status other than the confirmed ones is set at once', async ({ page }) => {
  await signIn(page, 'ops@example.com');
  const subject = (await activeMessages())[5]!;
  await openMessage(page, subject.id);
  await page.getByLabel('New status').selectOption('paused');
  await page.getByRole('button', { name: 'Set status' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('status-outcome')).toContainText('the message was active and is now paused');
  expect(await serviceStatus(subject.id)).toBe('paused');
  await page.getByRole('button', { name: 'Set it back to active' }).click();
  await expect.poll(() => serviceStatus(subject.id)).toBe('active');
});

test('a viewer sees the message buttons disabled, with the reason beside them', async ({ page }) => {
  await signIn(page, 'viewer@example.com');
  const subject = (await activeMessages())[6]!;
  await openMessage(page, subject.id);
  const reprocess = page.getByRole('button', { name: 'Reprocess' });
  await expect(reprocess).toBeDisabled();
  await expect(reprocess).toHaveAccessibleDescription(/Needs the support role; you are viewer\./);
  const setStatus = page.getByRole('button', { name: 'Set status' });
  await expect(setStatus).toBeDisabled();
  await expect(setStatus).toHaveAccessibleDescription(/Needs the ops role; you are viewer\./);
});

test('a viewer sees the stuck queue and user page buttons disabled with the reason, and the sidebar says viewer', async ({
  page,
}) => {
  await signIn(page, 'viewer@example.com', '/');
  await expect(page.getByTestId('operator-role')).toHaveText('Role: viewer');
  await page.goto('/stuck?refresh=0');
  await expect(page.getByTestId('stuck-row').first()).toBeVisible();
  const all = page.getByRole('button', { name: /^Remediate all \d+ matching$/ });
  await expect(all).toBeDisabled();
  await expect(all).toHaveAccessibleDescription('Needs the ops role; you are viewer.');

  const [unverified] = await service<{ id: string }[]>(
    `/admin/ra/users?${new URLSearchParams({ filter: JSON.stringify({ verified: false, account_type: 'human' }), range: '[0,0]' })}`,
  );
  await page.goto(`/users/${unverified!.id}`);
  const verify = page.getByRole('button', { name: 'Mark verified…' });
  await expect(verify).toBeDisabled();
  await expect(verify).toHaveAccessibleDescription('Needs the support role; you are viewer.');
});
