/**
 * Domains in Chromium: create, rename and delete through the dialogs with the table following;
 * invalid names, an international name and a duplicate; what reached the service is read from
 * the emulator (its records and its request log).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { E2E_EMULATOR_URL } from './stack';
import { emulatorControl, emulatorRequests, serviceToken, signIn } from './support';

type ServiceDomain = { id: string; domain: string; workspace_guid: string };
type ServiceWorkspace = { id: string; workspace_name: string | null; deleted_at?: string | null };

let cachedToken: Promise<string> | undefined;
const machineToken = () => (cachedToken ??= serviceToken());

async function serviceRead<T>(path: string): Promise<T> {
  const response = await fetch(`${E2E_EMULATOR_URL}${path}`, {
    headers: { authorization: `Bearer ${await machineToken()}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const domainsNamed = (name: string) =>
  serviceRead<ServiceDomain[]>(`/admin/ra/domains?filter=${encodeURIComponent(JSON.stringify({ domain: name }))}`);

async function liveWorkspace(): Promise<ServiceWorkspace> {
  const workspaces = await serviceRead<ServiceWorkspace[]>(
    `/admin/ra/workspaces?range=${encodeURIComponent('[0,49]')}`,
  );
  const live = workspaces.find((workspace) => !workspace.deleted_at && workspace.workspace_name);
  expect(live, 'a live, named workspace in the seed').toBeDefined();
  return live!;
}

/** Removes a domain left by an earlier run, through the service. */
async function removeAtService(name: string): Promise<void> {
  for (const domain of await domainsNamed(name)) {
    await fetch(`${E2E_EMULATOR_URL}/admin/ra/domains/${domain.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await machineToken()}` },
    });
  }
}

async function openAddDialog(page: Page) {
  await page.getByRole('button', { name: 'Add domain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a domain' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const domainWrites = async () =>
  (await emulatorRequests()).filter((entry) => entry.path.startsWith('/admin/ra/domains') && entry.method !== 'GET');

test('create, rename and delete a domain; the table follows each change', async ({ page }, testInfo) => {
  const workspace = await liveWorkspace();
  const name = `e2e-${Date.now().toString(36)}.example`;
  const renamed = `renamed-${name}`;
  await signIn(page, 'ops@example.com', '/domains');
  await expect(page.getByRole('heading', { name: 'Domains' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/domains');
  await screenshotBothThemes(page, testInfo, 'domains');

  const dialog = await openAddDialog(page);
  await dialog.getByLabel('Domain').fill(name);
  await dialog.getByLabel('Workspace id').fill(workspace.id);
  await expectNoSeriousA11yViolations(page, 'the add dialog');
  await screenshotBothThemes(page, testInfo, 'domains-add-dialog');
  await dialog.getByRole('button', { name: 'Add domain' }).click();
  await expect(dialog).toBeHidden();
  const created = await domainsNamed(name);
  expect(created).toHaveLength(1);
  expect(created[0]?.workspace_guid).toBe(workspace.id);
  const row = page.locator(`tr[data-row-id="${created[0]!.id}"]`);
  await expect(row).toContainText(name);
  // The workspace's name, not only its id.
  await expect(row).toContainText(workspace.workspace_name!);

  // A row's buttons open their dialog from the keyboard too, and focus comes back to the button.
  const editButton = page.getByRole('button', { name: `Edit ${name}` });
  await editButton.focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Domain')).toHaveValue(name);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(editButton).toBeFocused();

  await editButton.click();
  await edit.getByLabel('Domain').fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(renamed);
  expect(await domainsNamed(renamed)).toEqual([expect.objectContaining({ id: created[0]!.id })]);

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete ${renamed}?` });
  const confirm = remove.getByRole('button', { name: 'Delete domain' });
  await expect(confirm).toBeDisabled();
  await remove.getByLabel(/Type .* to confirm/).fill(name);
  await expect(confirm).toBeDisabled();
  await remove.getByLabel(/Type .* to confirm/).fill(renamed);
  await expectNoSeriousA11yViolations(page, 'the delete dialog');
  await screenshotBothThemes(page, testInfo, 'domains-delete-dialog');
  await confirm.click();
  await expect(remove).toBeHidden();
  await expect(row).toHaveCount(0);
  expect(await domainsNamed(renamed)).toEqual([]);

  // Every change is in the audit log with the values before and after.
  await page.goto(`/audit?action=domain.update&target=${created[0]!.id}`);
  const params = page.locator('pre', { hasText: `"${renamed}"` }).first();
  await expect(params).toContainText(`"before"`);
  await expect(params).toContainText(`"domain": "${name}"`);
  await expect(params).toContainText(`"domain": "${renamed}"`);
});

test('invalid names are refused in the dialog and nothing reaches the service', async ({ page }) => {
  const workspace = await liveWorkspace();
  await signIn(page, 'ops@example.com', '/domains');
  const dialog = await openAddDialog(page);
  await dialog.getByLabel('Workspace id').fill(workspace.id);
  await emulatorControl('requests', { method: 'DELETE' });
  for (const [input, problem] of [
    ['https://example.com/path', /scheme/],
    ['*.example.com', /Wildcards/],
    ['example.com:8080', /port/],
    ['-bad.example', /hyphen/],
    ['localhost', /two labels/],
    ['example.com.', /trailing dot/],
  ] as const) {
    await dialog.getByLabel('Domain').fill(input);
    await dialog.getByRole('button', { name: 'Add domain' }).click();
    await expect(dialog.getByTestId('domain-preview')).toContainText(problem);
  }
  await expect(dialog).toBeVisible();
  expect(await domainWrites()).toEqual([]);
});

test('an international name is shown in both forms and stored as punycode', async ({ page }) => {
  // The seed has this name: it is removed first and made again in the same workspace, so the
  // service ends as it began (but for the id).
  const [seeded] = await domainsNamed('xn--bcher-kva.example');
  const workspace = seeded ? { id: seeded.workspace_guid } : await liveWorkspace();
  await removeAtService('xn--bcher-kva.example');
  await signIn(page, 'ops@example.com', '/domains');
  const dialog = await openAddDialog(page);
  await dialog.getByLabel('Domain').fill('bücher.example');
  await expect(dialog.getByTestId('domain-preview')).toContainText('Stored as xn--bcher-kva.example');
  await dialog.getByLabel('Workspace id').fill(workspace.id);
  await dialog.getByRole('button', { name: 'Add domain' }).click();
  await expect(dialog).toBeHidden();
  const [stored] = await domainsNamed('xn--bcher-kva.example');
  expect(stored?.domain).toBe('xn--bcher-kva.example');
  const row = page.locator(`tr[data-row-id="${stored!.id}"]`);
  await expect(row).toContainText('xn--bcher-kva.example');
  await expect(row.getByTestId('domain-unicode')).toHaveText('bücher.example');
});

test('a duplicate is reported with a link to the existing domain, and not sent', async ({ page }) => {
  const [existing] = await serviceRead<ServiceDomain[]>(`/admin/ra/domains?range=${encodeURIComponent('[0,0]')}`);
  expect(existing, 'a seeded domain').toBeDefined();
  const workspace = await liveWorkspace();
  await signIn(page, 'ops@example.com', '/domains');
  const dialog = await openAddDialog(page);
  // Typed in capitals: the same name once lower-cased.
  await dialog.getByLabel('Domain').fill(existing!.domain.toUpperCase());
  await dialog.getByLabel('Workspace id').fill(workspace.id);
  await emulatorControl('requests', { method: 'DELETE' });
  await dialog.getByRole('button', { name: 'Add domain' }).click();
  const error = dialog.getByTestId('domain-action-error');
  await expect(error).toContainText(`${existing!.domain} is already a domain`);
  await expect(error.getByRole('link', { name: `Open the existing domain ${existing!.domain}` })).toHaveAttribute(
    'href',
    `/domains/${existing!.id}`,
  );
  expect(await domainWrites()).toEqual([]);
});

test('a support operator sees the domain buttons disabled, with the reason', async ({ page }) => {
  await signIn(page, 'support@example.com', '/domains');
  const add = page.getByRole('button', { name: 'Add domain' });
  await expect(add).toBeDisabled();
  await expect(page.getByTestId('refusal-note')).toHaveText('Needs the ops role; you are support.');
  await expect(add).toHaveAccessibleDescription('Needs the ops role; you are support.');
  const firstEdit = page.getByRole('button', { name: /^Edit / }).first();
  await expect(firstEdit).toBeDisabled();
  await expect(firstEdit).toHaveAccessibleDescription('Needs the ops role; you are support.');
});
