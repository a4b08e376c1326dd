/**
 * Accounts in Chromium against the emulator: verification with confirmation, the user page,
 * merging two users with the preview (read back from the service), and the refusals that make
 * no call. Subjects and expectations are read from the service with the machine client.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { E2E_EMULATOR_URL } from './stack';
import { emulatorControl, emulatorRequests, operatorRequests, serviceToken, signIn } from './support';

interface ServiceUser {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  verified: boolean;
  merged_into: string | null;
}

let cachedToken: Promise<string> | undefined;
const machineToken = () => (cachedToken ??= serviceToken());

async function service<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; data: T; total: number }> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${await machineToken()}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return {
    status: response.status,
    data: (await response.json()) as T,
    total: Number(response.headers.get('content-range')?.split('/').pop()),
  };
}

const list = <T>(entity: string, filter: Record<string, unknown>, range: [number, number] = [0, 0]) =>
  service<T[]>(
    `/admin/ra/${entity}?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range) })}`,
  );
const count = async (entity: string, filter: Record<string, unknown>) => (await list(entity, filter)).total;
const readUser = async (id: string) => (await service<ServiceUser>(`/admin/ra/users/${id}`)).data;

const DEMO_IDS = /^usr_0{16}000[1-4]$/;

/** Live people outside the demo accounts, with something to move, for merging. */
async function mergeCandidates(needed: number): Promise<ServiceUser[]> {
  const { data } = await list<ServiceUser>(
    'users',
    { account_type: 'human', merged_into: null, deleted_at: null },
    [0, 59],
  );
  const found: ServiceUser[] = [];
  for (const user of data.filter((candidate) => !DEMO_IDS.test(candidate.id))) {
    if (
      (await count('messages', { creator_guid: user.id })) > 0 &&
      (await count('workspaces', { member_id: user.id })) > 0
    )
      found.push(user);
    if (found.length === needed) return found;
  }
  throw new Error('the seed has too few merge candidates');
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'ops@example.com');
});

test('the user page shows profile, plan, holdings, memberships, messages and agents, read from the service', async ({
  page,
}, testInfo) => {
  const [user] = await mergeCandidates(1);
  const messages = await count('messages', { creator_guid: user!.id });
  const workspaces = await count('workspaces', { member_id: user!.id });
  const plan = (await service<{ plan: string }>(`/admin/user/payment-plans/${user!.id}`)).data;
  await page.goto(`/users/${user!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('plan-name')).toHaveText(plan.plan);
  await expect(page.getByTestId('holdings-messages')).toHaveText(messages.toLocaleString('en-US'));
  await expect(page.getByTestId('holdings-workspaces')).toHaveText(workspaces.toLocaleString('en-US'));
  await expect(page.getByTestId('workspaces-panel').locator('tbody tr')).toHaveCount(Math.min(workspaces, 50));
  await expect(page.getByTestId('messages-panel').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('avatar-initials').or(page.getByTestId('avatar-image'))).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'user-page', { fullPage: true });
});

test('a broken avatar falls back to initials', async ({ page }) => {
  const { data } = await list<ServiceUser & { image_url: string | null }>('users', { account_type: 'human' }, [0, 59]);
  const withImage = data.find((user) => /^https?:\/\//.test(user.image_url ?? ''));
  test.skip(!withImage, 'the seed has no user with an http(s) avatar');
  await page.goto(`/users/${withImage!.id}`);
  // Every outside host is aborted above: the image fails, the initials show.
  await expect(page.getByTestId('avatar-initials')).toBeVisible();
});

test('support verifies a user after confirming; the page and the service read back verified', async ({ browser }) => {
  const { data } = await list<ServiceUser>(
    'users',
    { verified: false, account_type: 'human', merged_into: null },
    [0, 9],
  );
  const subject = data.find((user) => !DEMO_IDS.test(user.id))!;
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'support@example.com');
  await page.goto(`/users/${subject.id}`);
  await expect(page.getByTestId('verified-badge')).toHaveText('not verified');
  await page.getByRole('button', { name: 'Mark verified…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('cannot undo');
  await dialog.getByRole('button', { name: 'Mark verified', exact: true }).click();
  await expect(page.getByTestId('verified-badge')).toHaveText('verified');
  expect((await readUser(subject.id)).verified).toBe(true);
  // An already verified user says so, and offers nothing to do.
  await page.reload();
  await expect(page.getByTestId('verification-state')).toContainText(
    'This account is verified; there is nothing to do.',
  );
  await expect(page.getByRole('button', { name: /Mark verified/ })).toHaveCount(0);
});

test('merging two users: preview, swap, confirm, and the kept user owns what the folded one had', async ({
  page,
}, testInfo) => {
  await emulatorControl('reset', { method: 'POST' });
  const [kept, folded] = await mergeCandidates(2);
  const before = {
    foldedMessages: await count('messages', { creator_guid: folded!.id }),
    keptMessages: await count('messages', { creator_guid: kept!.id }),
    foldedWorkspaces: (await list<{ id: string }>('workspaces', { member_id: folded!.id }, [0, 999])).data.map(
      (workspace) => workspace.id,
    ),
  };

  // Start from the kept user's page, pick the other as the one to keep, then swap.
  await page.goto(`/users/${kept!.id}`);
  await page.getByRole('link', { name: 'Merge into…' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/merge\\?source=${kept!.id}$`));
  await page.getByLabel('Find the account to keep').fill(folded!.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('link', { name: new RegExp(`Keep this one \\(${folded!.email.replace(/[.+]/g, '\\$&')}\\)`) })
    .click();
  await expect(page.getByTestId('merge-direction')).toContainText(`${kept!.email}) will be merged into`);
  await page.getByRole('link', { name: /Swap/ }).click();
  await expect(page).toHaveURL(new RegExp(`source=${folded!.id}&target=${kept!.id}`));
  await expect(page.getByTestId('merge-direction')).toContainText(`${folded!.email}) will be merged into`);
  await expect(page.getByTestId('merge-direction')).toContainText('stops existing');
  await expect(page.getByTestId('preview-source-messages')).toHaveText(before.foldedMessages.toLocaleString('en-US'));
  await expect(page.getByTestId('preview-expected-messages')).toHaveText(
    (before.foldedMessages + before.keptMessages).toLocaleString('en-US'),
  );
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'merge-preview', { fullPage: true });

  const submit = page.getByRole('button', { name: 'Merge accounts' });
  await expect(submit).toBeDisabled();
  await page.getByLabel(/to confirm/).fill(kept!.email);
  await expect(submit).toBeDisabled();
  await page.getByLabel(/to confirm/).fill(folded!.email.toUpperCase());
  await submit.click();

  await expect(page).toHaveURL(new RegExp(`/users/${kept!.id}\\?merged=${folded!.id}$`));
  const result = page.getByTestId('merge-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('after-source-messages')).toHaveText('0');
  await expect(page.getByTestId('after-target-messages')).toHaveText(
    (before.foldedMessages + before.keptMessages).toLocaleString('en-US'),
  );
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'merge-result', { fullPage: true });

  // Read back from the service: the folded account is merged, the kept one owns its messages and workspaces.
  expect((await readUser(folded!.id)).merged_into).toBe(kept!.id);
  expect(await count('messages', { creator_guid: folded!.id })).toBe(0);
  expect(await count('messages', { creator_guid: kept!.id })).toBe(before.foldedMessages + before.keptMessages);
  const keptWorkspaces = (await list<{ id: string }>('workspaces', { member_id: kept!.id }, [0, 999])).data.map(
    (workspace) => workspace.id,
  );
  for (const workspace of before.foldedWorkspaces) expect(keptWorkspaces).toContain(workspace);

  // A second merge of the folded account is refused before any merge call.
  await emulatorControl('requests', { method: 'DELETE' });
  const [other] = (await mergeCandidates(3)).filter((user) => user.id !== kept!.id);
  await page.goto(`/users/merge?source=${folded!.id}&target=${other!.id}`);
  await expect(page.getByTestId('merge-refusal')).toContainText('already merged into');
  await expect(page.getByTestId('merge-confirm')).toHaveCount(0);
  expect((await emulatorRequests()).filter((entry) => entry.path === '/admin/users/merge')).toHaveLength(0);
});

test('a self-merge is refused with no call to the service', async ({ page }) => {
  const [user] = await mergeCandidates(1);
  await emulatorControl('requests', { method: 'DELETE' });
  await page.goto(`/users/merge?source=${user!.id}&target=${user!.id}`);
  await expect(page.getByTestId('merge-refusal')).toContainText('cannot be merged into itself');
  await expect(page.getByTestId('merge-confirm')).toHaveCount(0);
  const calls = (await operatorRequests()).filter((entry) => entry.path.startsWith('/admin'));
  expect(calls).toEqual([]);
});

test('the merge page picks accounts by search and has no serious accessibility violations', async ({
  page,
}, testInfo) => {
  await page.goto('/users/merge');
  await page.getByLabel('Find the account to fold').fill('support@example.com');
  await page.getByLabel('Find the account to fold').press('Enter');
  await expect(page.getByTestId('pick-source').getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'merge-picker', { fullPage: true });
});

test('the active users page lists the service’s active users, most recent first, and sorts by the URL', async ({
  page,
}, testInfo) => {
  const active = (await service<ServiceUser[]>('/admin/users/active')).data;
  await page.goto('/users/active');
  await expect(page.getByTestId('list-total')).toHaveText(active.length.toLocaleString('en-US'));
  const shown = () =>
    page.locator('tbody tr[data-row-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')));
  expect(await shown()).toEqual(active.slice(0, 25).map((user) => user.id));
  await page.goto('/users/active?sort=email.asc');
  const byEmail = [...active].sort((a, b) => a.email.localeCompare(b.email, 'en') || a.id.localeCompare(b.id, 'en'));
  expect(await shown()).toEqual(byEmail.slice(0, 25).map((user) => user.id));
  const csv = await page.request.get('/api/export/active-users?sort=email.asc');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['x-total-count']).toBe(String(active.length));
  expect((await csv.text()).trim().split('\r\n')).toHaveLength(active.length + 1);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'active-users', { fullPage: true });
});
