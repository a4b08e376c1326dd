/**
 * Workspaces and channels in Chromium against the emulator: set a workspace's owner, a channel's
 * visibility and a member's role, the orphan reports against the service's own answer, and the
 * sequence repair with its report. Every change is read back from the service.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { E2E_EMULATOR_URL } from './stack';
import { serviceToken, signIn } from './support';

let cachedToken: Promise<string> | undefined;
const machineToken = () => (cachedToken ??= serviceToken());

async function service<T>(path: string, method = 'GET'): Promise<T> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${await machineToken()}` },
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return (await response.json()) as T;
}
const list = <T>(entity: string, filter: Record<string, unknown>, range: [number, number]) =>
  service<T[]>(
    `/admin/ra/${entity}?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range) })}`,
  );

interface Workspace {
  id: string;
  owner_guid: string | null;
  deleted_at: string | null;
}
interface Member {
  id: string;
  role_cd: string;
}
interface Channel {
  id: string;
  visibility?: string;
  json_collaborators?: { user_id: string; role: string; status: string }[];
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'ops@example.com');
});

test('ops sets a workspace owner among its members; the service reads back the new owner', async ({
  page,
}, testInfo) => {
  const workspaces = await list<Workspace>('workspaces', { deleted_at: null }, [0, 20]);
  let subject: { workspace: Workspace; member: Member } | undefined;
  for (const workspace of workspaces) {
    const members = await service<Member[]>(`/admin/workspace/users?workspace_guid=${workspace.id}`);
    const member = members.find((candidate) => candidate.id !== workspace.owner_guid);
    if (member && workspace.owner_guid) {
      subject = { workspace, member };
      break;
    }
  }
  expect(subject, 'a workspace with an owner and another member').toBeDefined();
  const { workspace, member } = subject!;
  await page.goto(`/workspaces/${workspace.id}`);
  await expect(page.getByTestId('members-panel')).toBeVisible();
  await expect(page.locator('#new-owner option', { hasText: '(current owner)' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'workspace-page', { fullPage: true });
  await page.getByLabel('New owner').selectOption(member.id);
  await page.getByRole('button', { name: 'Make owner…' }).click();
  await expect(page.getByRole('dialog')).toContainText('stays on as an admin');
  await page.getByRole('dialog').getByRole('button', { name: 'Make owner', exact: true }).click();
  await expect(page.locator(`tr[data-row-id="${member.id}"]`).getByTestId('owner-badge')).toBeVisible();
  expect((await service<Workspace>(`/admin/ra/workspaces/${workspace.id}`)).owner_guid).toBe(member.id);
  const members = await service<Member[]>(`/admin/workspace/users?workspace_guid=${workspace.id}`);
  expect(members.find((candidate) => candidate.id === workspace.owner_guid)?.role_cd).toBe('admin');
  // The users outside it: counted as the service answers them, with an export.
  const outside = await service<unknown[]>(`/admin/noworkspace/${workspace.id}`);
  await expect(page.getByTestId('noworkspace-panel').getByRole('heading', { level: 2 })).toContainText(
    `(${outside.length.toLocaleString('en-US')})`,
  );
  const csv = await page.request.get(`/api/export/reports/noworkspace?workspace=${workspace.id}`);
  expect(csv.headers()['x-total-count']).toBe(String(outside.length));
});

test('ops changes a channel visibility and a member role; the service reads both back', async ({ page }, testInfo) => {
  const channels = await list<Channel>('channels', { type: 'namedConversation' }, [0, 20]);
  const channel = channels.find((candidate) => (candidate.json_collaborators?.length ?? 0) > 1)!;
  const member = channel.json_collaborators![0]!;
  const visibility = channel.visibility === 'public' ? 'private' : 'public';
  const role = member.role === 'admin' ? 'guest' : 'admin';
  await page.goto(`/channels/${channel.id}`);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothThemes(page, testInfo, 'channel-page', { fullPage: true });
  await page
    .getByTestId('visibility-form')
    .getByLabel(new RegExp(`^${visibility}`))
    .check();
  // Going public widens access: the form asks for its confirmation first (records.spec.ts tests it).
  if (visibility === 'public') await page.getByTestId('visibility-confirm').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Set visibility' }).click();
  await expect(page.getByTestId('channel-visibility')).toHaveText(visibility);
  expect((await service<Channel>(`/admin/ra/channels/${channel.id}`)).visibility).toBe(visibility);

  await page.getByLabel('Member', { exact: true }).selectOption(member.user_id);
  await page.getByLabel('Role', { exact: true }).selectOption(role);
  const save = page.getByRole('button', { name: 'Save member' });
  // A higher role widens the member's access: it asks first, naming the change, and offers a set-back.
  const widening = role === 'admin' && member.role !== 'owner';
  if (widening) {
    await expect(save).toBeDisabled();
    await expect(page.getByTestId('member-confirm')).toContainText(
      `${member.role}, ${member.status} → admin, ${member.status}`,
    );
    await page.getByTestId('member-confirm').getByRole('checkbox').check();
  }
  await save.click();
  const shownRole = page.locator(`tr[data-row-id="${member.user_id}"]`).getByTestId('member-role');
  await expect(shownRole).toHaveText(role);
  const serviceMember = async () =>
    (await service<Channel>(`/admin/ra/channels/${channel.id}`)).json_collaborators!.find(
      (candidate) => candidate.user_id === member.user_id,
    )!;
  expect(await serviceMember()).toMatchObject({ role, status: member.status });
  if (widening) {
    await page.getByTestId('member-set-back').getByRole('button').click();
    await expect(shownRole).toHaveText(member.role);
    expect(await serviceMember()).toMatchObject({ role: member.role, status: member.status });
  }
});

for (const [entity, path] of [
  ['channels', '/admin/orphanedChannels'],
  ['notifications', '/admin/orphanedNotifications'],
] as const) {
  test(`the orphaned ${entity} page lists exactly the service's dangling references`, async ({ page }, testInfo) => {
    const orphans = await service<{ id: string; dangling_references: string[] }[]>(path);
    expect(orphans.length, `the seed has orphaned ${entity}`).toBeGreaterThan(0);
    await page.goto(`/${entity}/orphaned`);
    await expect(page.getByTestId('orphan-count')).toHaveText(orphans.length.toLocaleString('en-US'));
    const shown = await page
      .locator('tbody tr[data-row-id]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')));
    expect(shown.sort()).toEqual(orphans.map((orphan) => orphan.id).sort());
    const missing = orphans.reduce((sum, orphan) => sum + orphan.dangling_references.length, 0);
    expect(await page.getByTestId('missing-reference').count()).toBeLessThanOrEqual(missing);
    const csv = await page.request.get(`/api/export/reports/orphaned-${entity}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['x-total-count']).toBe(String(orphans.length));
    await expectNoSeriousA11yViolations(page);
    await screenshotBothThemes(page, testInfo, `orphaned-${entity}`, { fullPage: true });
  });
}

test('ops repairs the sequence numbers after confirming, sees the report, and the audit entry keeps it', async ({
  page,
}, testInfo) => {
  await page.goto('/channels/repair');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Repair sequence numbers…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Repair', exact: true }).click();
  const report = page.getByTestId('repair-report');
  await expect(report).toBeVisible();
  const repaired = Number((await page.getByTestId('repair-repaired').innerText()).replace(/,/g, ''));
  expect(repaired).toBeGreaterThan(0);
  await expect(report.locator('tbody tr')).toHaveCount(repaired);
  await screenshotBothThemes(page, testInfo, 'repair', { fullPage: true });
  // Done at the service: a second repair finds nothing to change.
  const second = await service<{ channels_repaired: number }>('/admin/repairChannelSequenceNumbers', 'POST');
  expect(second.channels_repaired).toBe(0);
  await page.goto('/audit?action=channel.repair_sequence_numbers');
  await expect(page.getByTestId('audit-entry').first().getByTestId('audit-summary')).toContainText(
    `repaired ${repaired.toLocaleString('en-US')}, renumbered`,
  );
});

test('a support operator sees the owner, channel and repair controls disabled, with the reason beside them', async ({
  browser,
}) => {
  const reason = 'Needs the ops role; you are support.';
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'support@example.com', '/channels/repair');
  const repair = page.getByRole('button', { name: 'Repair sequence numbers…' });
  await expect(repair).toBeDisabled();
  await expect(page.getByTestId('refusal-note')).toHaveText(reason);
  await expect(repair).toHaveAccessibleDescription(reason);

  const [channel] = await list<Channel>('channels', {}, [0, 0]);
  await page.goto(`/channels/${channel!.id}`);
  const saveMember = page.getByRole('button', { name: 'Save member' });
  await expect(saveMember).toBeDisabled();
  await expect(saveMember).toHaveAccessibleDescription(reason);
  await expect(page.getByTestId('visibility-form').getByTestId('refusal-note')).toHaveText(reason);
  await expect(page.getByTestId('member-editor').getByTestId('refusal-note')).toHaveText(reason);

  const [workspace] = await list<Workspace>('workspaces', { deleted_at: null }, [0, 0]);
  await page.goto(`/workspaces/${workspace!.id}`);
  const makeOwner = page.getByRole('button', { name: 'Make owner…' });
  await expect(makeOwner).toBeDisabled();
  await expect(makeOwner).toHaveAccessibleDescription(reason);
  await expect(page.getByTestId('set-owner').getByTestId('refusal-note')).toHaveText(reason);
});
