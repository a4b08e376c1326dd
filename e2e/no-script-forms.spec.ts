/**
 * Forms bound to a server action work with JavaScript off: the browser posts the form, the
 * console runs the guarded action and answers the page with its outcome. What reached the
 * service is read from the emulator (its request log and its records).
 */
import { expect, test } from '@playwright/test';
import { E2E_EMULATOR_URL } from './stack';
import { emulatorControl, operatorRequests, serviceToken, signIn } from './support';

test.use({ javaScriptEnabled: false });

async function service<T>(path: string): Promise<T> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
const list = <T>(entity: string, filter: Record<string, unknown>, range: [number, number]) =>
  service<T[]>(
    `/admin/ra/${entity}?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range) })}`,
  );

test.beforeEach(async ({ page }) => {
  await signIn(page, 'ops@example.com');
});

test("a message's Reprocess runs without JavaScript and the service receives it", async ({ page }) => {
  const poison = new Set(((await emulatorControl('poison-messages')) as { id: string }[]).map((entry) => entry.id));
  const subject = (await list<{ id: string }>('messages', { status: 'active' }, [0, 20])).find(
    (message) => !poison.has(message.id),
  )!;
  await page.goto(`/messages/${subject.id}`);
  await expect(page.getByTestId('message-workbench')).toBeVisible();
  await emulatorControl('requests', { method: 'DELETE' });
  await page.getByRole('button', { name: 'Reprocess' }).click();
  await expect(page.getByTestId('action-outcome')).toContainText('Reprocess done');
  const sent = (await operatorRequests()).filter(
    (entry) => entry.method === 'POST' && entry.path.endsWith(`/${subject.id}/reprocess`),
  );
  expect(sent).toHaveLength(1);
});

test("a channel's visibility is set without JavaScript; the service and the page read it back", async ({ page }) => {
  const [channel] = await list<{ id: string; visibility?: string }>('channels', { type: 'namedConversation' }, [0, 0]);
  const visibility = channel!.visibility === 'public' ? 'private' : 'public';
  await page.goto(`/channels/${channel!.id}`);
  await emulatorControl('requests', { method: 'DELETE' });
  await page
    .getByTestId('visibility-form')
    .getByLabel(new RegExp(`^${visibility}`))
    .check();
  // Without scripts the confirmation of a widening always shows; the action checks it (records.spec.ts).
  if (visibility === 'public') await page.getByTestId('visibility-confirm').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Set visibility' }).click();
  await expect(page.getByTestId('visibility-outcome')).toHaveText(
    new RegExp(`^Visibility set to ${visibility} \\(was \\w+\\)\\.`),
  );
  await expect(page.getByTestId('channel-visibility')).toHaveText(visibility);
  expect((await service<{ visibility?: string }>(`/admin/ra/channels/${channel!.id}`)).visibility).toBe(visibility);
  const sent = (await operatorRequests()).filter(
    (entry) => entry.method === 'PUT' && entry.path === `/admin/ra/channels/${channel!.id}`,
  );
  expect(sent).toHaveLength(1);
});
