/**
 * Agents in Chromium: every agent with its owner by name, a filter by owner, an agent's page, the
 * per-human rollup; the operator's own agent created, given a token shown once (gone after a
 * reload, in no audit row) and soft-deleted; an agent outside the operator's scope explained.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { E2E_EMULATOR_URL, E2E_STACK_LOG_FILE } from './stack';
import { serviceToken, signIn } from './support';

type ServiceAgent = { id: string; name: string | null; creator_id: string; deleted_at: string | null };
type ServiceUser = { id: string; first_name: string | null; last_name: string | null; email: string };

const OPS_ID = 'usr_00000000000000000001';

let cachedToken: Promise<string> | undefined;
const machineToken = () => (cachedToken ??= serviceToken());

async function serviceRead<T>(path: string): Promise<{ body: T; total: number }> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, {
    headers: { authorization: `Bearer ${await machineToken()}` },
  });
  expect(response.status, path).toBe(200);
  return { body: (await response.json()) as T, total: Number(response.headers.get('content-range')?.split('/').pop()) };
}

/** A seeded agent of another human than the ops operator, with that human's record. */
async function someoneElsesAgent(): Promise<{ agent: ServiceAgent; owner: ServiceUser; total: number }> {
  const { body: agents } = await serviceRead<ServiceAgent[]>(`/admin/ra/agents?range=${encodeURIComponent('[0,99]')}`);
  const agent = agents.find((candidate) => candidate.creator_id !== OPS_ID && !candidate.deleted_at && candidate.name);
  expect(agent, 'a seeded agent of another human').toBeDefined();
  const { body: owner } = await serviceRead<ServiceUser>(`/admin/ra/users/${agent!.creator_id}`);
  const { total } = await serviceRead<ServiceAgent[]>(
    `/admin/ra/agents?range=${encodeURIComponent('[0,0]')}&filter=${encodeURIComponent(JSON.stringify({ creator_id: agent!.creator_id }))}`,
  );
  return { agent: agent!, owner, total };
}

const fullName = (user: ServiceUser) => `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.email;

test('list agents with their owners, filter by an owner, open an agent outside my scope and see the 403 explained', async ({
  page,
}, testInfo) => {
  const { agent, owner, total } = await someoneElsesAgent();
  await signIn(page, 'ops@example.com', '/agents');
  await expect(page.getByRole('heading', { name: 'Agents', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/agents');
  await screenshotBothThemes(page, testInfo, 'agents');

  const filters = page.getByRole('search', { name: 'Filters' });
  await filters.getByLabel('Owner', { exact: true }).fill(agent.creator_id);
  await filters.getByLabel('Owner', { exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`creator=${agent.creator_id}`));
  await expect(page.getByTestId('list-total')).toHaveText(String(total));
  // The owner by name, linked.
  const row = page.locator(`tr[data-row-id="${agent.id}"]`);
  await expect(row.getByRole('link', { name: fullName(owner) })).toHaveAttribute('href', `/users/${agent.creator_id}`);

  await row.getByRole('link', { name: agent.name! }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}$`));
  await expect(page.getByTestId('agent-owner')).toContainText(fullName(owner));
  await expect(page.getByRole('heading', { name: 'Recent messages' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Raw record' })).toBeVisible();
  const explained = page.getByTestId('agent-scope-403');
  await expect(explained).toContainText('This agent is outside your scope (403 from /agents)');
  await expect(explained).toContainText(`This agent belongs to ${fullName(owner)}`);
  await expect(page.getByRole('button', { name: 'Mint a token' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'an agent page');
  await screenshotBothThemes(page, testInfo, 'agent-outside-scope');
});

test('agents per human: sorted by count, a row opens that human’s agents', async ({ page }, testInfo) => {
  await signIn(page, 'ops@example.com', '/agents/humans');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/agents/humans');
  await screenshotBothThemes(page, testInfo, 'agents-per-human');
  const counts = await page.locator('tbody tr td:nth-child(2)').allInnerTexts();
  const numbers = counts.map((text) => Number(text.replace(/,/g, '')));
  expect(numbers.length).toBeGreaterThan(0);
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  const firstId = await page.locator('tbody tr').first().getAttribute('data-row-id');
  await page.locator('tbody tr').first().locator('td').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/agents\\?creator=${firstId}`));
  await expect(page.getByTestId('list-total')).toHaveText(String(numbers[0]));
});

test('my own agent: create, mint a token shown once, soft-delete and see it marked deleted', async ({
  page,
}, testInfo) => {
  const name = `E2E agent ${Date.now().toString(36)}`;
  await signIn(page, 'ops@example.com', '/agents/mine');
  await expectNoSeriousA11yViolations(page, '/agents/mine');
  await screenshotBothThemes(page, testInfo, 'my-agents');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const create = page.getByRole('dialog', { name: 'Create an agent' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const agentId = page.url().split('/agents/')[1]!;
  const { body: stored } = await serviceRead<ServiceAgent>(`/admin/ra/agents/${agentId}`);
  expect(stored).toMatchObject({ name, creator_id: OPS_ID, deleted_at: null });

  await page.getByRole('button', { name: 'Mint a token' }).click();
  const mint = page.getByRole('dialog', { name: `Mint a token for ${name}` });
  await mint.getByLabel('Lifetime').selectOption('300');
  await mint.getByRole('button', { name: 'Mint token' }).click();
  const shown = mint.getByTestId('token-value');
  await expect(shown).toBeVisible();
  const token = (await shown.innerText()).trim();
  expect(token.split('.')).toHaveLength(3);
  await expect(mint).toContainText('Expires');
  await expect(mint.getByRole('button', { name: 'Copy token' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the minted token');
  await screenshotBothThemes(page, testInfo, 'agent-token-shown');
  await mint.getByRole('button', { name: 'Done' }).click();

  // Gone after a reload; the page lists the minting (who, when, expiry), never the token.
  await page.reload();
  await expect(page.getByTestId('minted-tokens')).toContainText('ops@example.com');
  await expect(page.getByTestId('minted-tokens')).toContainText('expires');
  expect(await page.content()).not.toContain(token);
  expect(await page.content()).not.toContain(token.split('.')[2]!);
  await page.goto(`/audit?action=agent.mint_token&target=${agentId}`);
  await expect(page.getByText('agent.mint_token').first()).toBeVisible();
  expect(await page.content()).not.toContain(token.split('.')[2]!);
  const csv = await page.request.get(`/api/audit/export?action=agent.mint_token`);
  expect(await csv.text()).not.toContain(token.split('.')[2]!);
  // Nor in the server's log: the stack's output (console and emulator) covers this agent's reads,
  // and holds no token.
  const serverLog = await readFile(path.resolve(E2E_STACK_LOG_FILE), 'utf8');
  expect(serverLog).toContain(`/agents/${agentId}`);
  expect(serverLog).not.toContain(token.split('.')[2]!);

  await page.goto(`/agents/${agentId}`);
  await page.getByRole('button', { name: 'Delete agent' }).click();
  const remove = page.getByRole('dialog', { name: `Delete ${name}?` });
  await remove.getByRole('button', { name: 'Delete agent' }).click();
  await expect(page.getByTestId('agent-deleted')).toBeVisible();
  expect((await serviceRead<ServiceAgent>(`/admin/ra/agents/${agentId}`)).body.deleted_at).toEqual(expect.any(String));
  await page.goto('/agents/mine?limit=100');
  await expect(page.getByRole('link', { name })).toHaveCount(0);
  await page.goto(`/agents?creator=${OPS_ID}`);
  await expect(page.locator(`tr[data-row-id="${agentId}"]`)).toContainText('deleted');
});

test('a viewer sees "Create agent" disabled, with the reason beside it', async ({ page }) => {
  await signIn(page, 'viewer@example.com', '/agents/mine');
  const create = page.getByRole('button', { name: 'Create agent' });
  await expect(create).toBeDisabled();
  await expect(page.getByTestId('refusal-note')).toHaveText('Needs the support role; you are viewer.');
  await expect(create).toHaveAccessibleDescription('Needs the support role; you are viewer.');
});
