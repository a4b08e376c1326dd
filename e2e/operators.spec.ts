/**
 * Operators and roles managed in the console, in Chromium: ops grants support to the viewer and
 * the viewer's open session uses a support action on its next page (read back from the service);
 * ops ends an operator's sessions and a copy of that operator's cookie is refused; granting ops
 * waits for a second ops operator's approval. The shared e2e console runs with approvals off and
 * other specs rely on the demo roles, so this spec starts a console of its own (approvals on, a
 * PGlite database of its own) on E2E_OPERATORS_CONSOLE_URL, from the same build.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothThemes } from './a11y';
import { startConsole, type ExtraConsole } from './consoles';
import { E2E_EMULATOR_URL, E2E_OPERATORS_CONSOLE_URL } from './stack';
import { emulatorRequests, serviceToken, signIn } from './support';

const ACCOUNTS = {
  ops: 'usr_00000000000000000001',
  support: 'usr_00000000000000000002',
  viewer: 'usr_00000000000000000003',
  lead: 'usr_00000000000000000005',
} as const;

/** An unverified ordinary user of the seed, past the first few that other specs verify. */
async function unverifiedUserId(): Promise<string> {
  const filter = encodeURIComponent(JSON.stringify({ verified: false, account_type: 'human' }));
  const response = await fetch(
    `${E2E_EMULATOR_URL}/admin/ra/users?filter=${filter}&range=${encodeURIComponent('[0,19]')}&sort=${encodeURIComponent('["id","ASC"]')}`,
    { headers: { authorization: `Bearer ${await serviceToken()}` } },
  );
  const user = ((await response.json()) as { id: string }[]).at(-1);
  if (!user) throw new Error('the seed has too few unverified users');
  return user.id;
}

async function operatorPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_OPERATORS_CONSOLE_URL });
  const page = await context.newPage();
  await signIn(page, email, '/', E2E_OPERATORS_CONSOLE_URL);
  return page;
}

async function sessionCookieHeader(page: Page): Promise<string> {
  const cookies = await page.context().cookies(E2E_OPERATORS_CONSOLE_URL);
  return cookies
    .filter((cookie) => cookie.name.startsWith('next-auth.session-token'))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

let operatorsConsole: ExtraConsole | undefined;
let ops: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  operatorsConsole = await startConsole({
    port: Number(new URL(E2E_OPERATORS_CONSOLE_URL).port),
    env: { CONSOLE_APPROVALS: 'on' },
  });
  ops = await operatorPage(browser, 'ops@example.com');
});
test.afterAll(async () => {
  await ops?.context().close();
  await operatorsConsole?.stop();
});

test("ops grants support to the viewer; the viewer's open session verifies a user on its next page", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const userId = await unverifiedUserId();
  const viewer = await operatorPage(browser, 'viewer@example.com');
  try {
    await viewer.goto(`/users/${userId}`);
    await expect(viewer.getByRole('button', { name: 'Mark verified…' })).toBeDisabled();

    // The list: every operator who signed in, with the role and where it comes from.
    await ops.goto('/operators');
    const row = ops.locator(`[data-account-id="${ACCOUNTS.viewer}"]`);
    await expect(row).toContainText('viewer@example.com');
    await expect(row).toContainText('viewer');
    await expect(row).toContainText('CONSOLE_ROLES at first sign-in');
    await expectNoSeriousA11yViolations(ops);
    await screenshotBothThemes(ops, testInfo, 'operators', { fullPage: true });
    await ops.goto('/operators?role=ops');
    await expect(ops.locator(`[data-account-id="${ACCOUNTS.viewer}"]`)).toHaveCount(0);
    await expect(ops.locator(`[data-account-id="${ACCOUNTS.ops}"]`)).toBeVisible();

    await ops.goto(`/operators/${ACCOUNTS.viewer}`);
    await ops.getByLabel('Console role', { exact: true }).selectOption('support');
    await ops.getByRole('button', { name: 'Change role' }).click();
    await expect(ops.getByTestId('role-change-result')).toContainText('viewer@example.com is support now');
    await expect(ops.getByTestId('operator-console-role')).toHaveText('support');
    await expect(ops.getByLabel('Console role', { exact: true })).toHaveValue('support');
    await expectNoSeriousA11yViolations(ops);
    await screenshotBothThemes(ops, testInfo, 'operator', { fullPage: true });

    // The viewer's session, never signed out or in again: the next page acts with support.
    await viewer.goto(`/users/${userId}`);
    await viewer.getByRole('button', { name: 'Mark verified…' }).click();
    await viewer.getByRole('dialog').getByRole('button', { name: 'Mark verified', exact: true }).click();
    await expect(viewer.getByRole('button', { name: /Mark(ing)? verified/ })).toHaveCount(0);
    await expect
      .poll(async () =>
        (await emulatorRequests()).filter((entry) => entry.path === `/admin/user/set_verified/${userId}`),
      )
      .toHaveLength(1);
    const user = (await (
      await fetch(`${E2E_EMULATOR_URL}/admin/ra/users/${userId}`, {
        headers: { authorization: `Bearer ${await serviceToken()}` },
      })
    ).json()) as { verified: boolean };
    expect(user.verified).toBe(true);

    // The role change and the action are in the audit log, the change on the viewer's page.
    await ops.goto(`/operators/${ACCOUNTS.viewer}`);
    await expect(ops.getByTestId('operator-actions')).toContainText('user.set_verified');
    await expect(ops.getByTestId('audit-panel')).toContainText('operator.set_role');
    await ops.goto(`/audit?operatorId=${ACCOUNTS.viewer}`);
    await expect(ops.getByTestId('audit-action').first()).toHaveText('user.set_verified');
  } finally {
    await viewer.context().close();
  }
});

test("ops ends an operator's sessions: a copy of that operator's cookie is refused", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const support = await operatorPage(browser, 'support@example.com');
  const other = await playwright.request.newContext({ baseURL: E2E_OPERATORS_CONSOLE_URL });
  try {
    await support.goto('/stuck');
    const copied = await sessionCookieHeader(support);
    expect((await other.get('/stuck', { headers: { cookie: copied }, maxRedirects: 0 })).status()).toBe(200);

    await ops.goto(`/operators/${ACCOUNTS.support}`);
    await expect(ops.getByTestId('operator-sessions').locator('li')).not.toHaveCount(0);
    await ops.getByRole('button', { name: 'End all sessions now' }).click();
    await expect(ops.getByTestId('end-sessions-result')).toContainText(/Ended [1-9]\d* open session/);
    await expect(ops.getByText('No open session.')).toBeVisible();

    const after = await other.get('/stuck', { headers: { cookie: copied }, maxRedirects: 0 });
    expect(after.status()).toBe(307);
    expect(after.headers().location).toContain('/signin');
    await support.goto('/stuck');
    await expect(support).toHaveURL(/\/signin/);
  } finally {
    await other.dispose();
    await support.context().close();
  }
});

test("granting ops waits for a second ops operator's approval; the last ops operator is kept", async ({ browser }) => {
  test.setTimeout(120_000);
  const lead = await operatorPage(browser, 'lead@example.com');
  const support = await operatorPage(browser, 'support@example.com');
  try {
    // Ops cannot be picked directly: it is requested, with a reason.
    await ops.goto(`/operators/${ACCOUNTS.support}`);
    await expect(ops.getByLabel('Console role', { exact: true }).locator('option[value="ops"]')).toHaveCount(0);
    await ops.getByLabel('Reason (incident or ticket reference)').fill('ONCALL-42 joins the ops rota');
    await ops.getByRole('button', { name: 'Request approval' }).click();
    await expect(ops).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
    const requestUrl = new URL(ops.url()).pathname;
    await expect(ops.getByRole('button', { name: 'Approve and grant the ops role' })).toBeDisabled();
    await ops.goto(`/operators/${ACCOUNTS.support}`);
    await expect(ops.getByTestId('operator-console-role')).toHaveText('support');

    // The second ops operator sees the roles now and approves: the grant runs.
    await lead.goto(requestUrl);
    await expect(lead.getByTestId('preview-comparison')).toContainText('Ops operators now');
    await lead.getByRole('button', { name: 'Approve and grant the ops role' }).click();
    await expect(lead.getByTestId('execution-result')).toBeVisible();
    await lead.goto(`/operators/${ACCOUNTS.support}`);
    await expect(lead.getByTestId('operator-console-role')).toHaveText('ops');
    // The support operator's open session has ops on its next page: the operators' controls are theirs.
    await support.goto(`/operators/${ACCOUNTS.viewer}`);
    await expect(support.getByRole('button', { name: 'Change role' })).toBeEnabled();

    // Three ops now (ops@, lead@, support@): two step down, the last one is kept, and told why.
    for (const account of [ACCOUNTS.lead, ACCOUNTS.support]) {
      await ops.goto(`/operators/${account}`);
      await ops.getByLabel('Console role', { exact: true }).selectOption('support');
      await ops.getByRole('button', { name: 'Change role' }).click();
      await expect(ops.getByTestId('role-change-result')).toContainText('is support now');
    }
    await ops.goto(`/operators/${ACCOUNTS.ops}`);
    await ops.getByLabel('Console role', { exact: true }).selectOption('viewer');
    await ops.getByRole('button', { name: 'Change role' }).click();
    await expect(ops.getByTestId('role-change-error')).toContainText('is the last ops operator');
    await expect(ops.getByTestId('operator-console-role')).toHaveText('ops');
  } finally {
    await lead.context().close();
    await support.context().close();
  }
});
