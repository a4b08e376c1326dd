import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_CONSOLE_URL, E2E_EMULATOR_URL, E2E_STACK_ENV } from './stack';
import { emulatorRequests, serviceToken, signIn } from './support';

/** Unverified, ordinary users of the seed (not the demo accounts), straight from the service. */
async function unverifiedUserIds(count: number): Promise<string[]> {
  const filter = encodeURIComponent(JSON.stringify({ verified: false, account_type: 'human' }));
  const response = await fetch(
    `${E2E_EMULATOR_URL}/admin/ra/users?filter=${filter}&range=${encodeURIComponent(`[0,${count + 10}]`)}&sort=${encodeURIComponent('["id","ASC"]')}`,
    {
      headers: { authorization: `Bearer ${await serviceToken()}` },
    },
  );
  const users = (await response.json()) as { id: string }[];
  // Skip the first few: other specs may verify users in the same emulator.
  return users.slice(5, 5 + count).map((user) => user.id);
}

async function setVerifiedCalls(userId: string): Promise<number> {
  const log = await emulatorRequests();
  return log.filter((entry) => entry.path === `/admin/user/set_verified/${userId}`).length;
}

/** Replays a captured server-action request for another user, as whoever `request` is signed in as. */
async function postAction(
  request: APIRequestContext,
  capture: ActionCapture,
  userId: string,
  origin = E2E_CONSOLE_URL,
) {
  return request.post(capture.url, {
    headers: {
      'next-action': capture.actionId,
      'content-type': capture.contentType,
      origin,
      accept: 'text/x-component',
    },
    data: capture.body.replaceAll(capture.userId, userId),
    failOnStatusCode: false,
  });
}

interface ActionCapture {
  url: string;
  actionId: string;
  contentType: string;
  body: string;
  userId: string;
}

async function verifyThroughTheButton(page: Page, userId: string): Promise<ActionCapture> {
  await page.goto(`/users/${userId}`);
  const actionRequest = page.waitForRequest(
    (request) => request.method() === 'POST' && Boolean(request.headers()['next-action']),
  );
  // Asked to confirm first.
  await page.getByRole('button', { name: 'Mark verified…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark verified', exact: true }).click();
  const request = await actionRequest;
  // The action has answered, and the page has read the user back: verified, so no button.
  await request.response();
  await expect(page.getByRole('button', { name: /Mark(ing)? verified/ })).toHaveCount(0);
  return {
    url: request.url(),
    actionId: request.headers()['next-action']!,
    contentType: request.headers()['content-type'] ?? 'text/plain;charset=UTF-8',
    body: request.postData() ?? '',
    userId,
  };
}

test('ops verifies a user: the service reads back verified and the audit log has it', async ({ page }) => {
  const [userId] = await unverifiedUserIds(1);
  await signIn(page, 'ops@example.com');
  await verifyThroughTheButton(page, userId!);
  await expect.poll(() => setVerifiedCalls(userId!)).toBe(1);
  await expect(page.getByTestId('audit-panel').getByTestId('audit-action').first()).toHaveText('user.set_verified');
  await page.goto(`/audit?action=user.set_verified&target=${userId}`);
  const entry = page.getByTestId('audit-entry').first();
  await expect(entry).toContainText('ops@example.com');
  await expect(entry.getByTestId('audit-role')).toHaveText('ops');
  await expect(entry.getByTestId('audit-outcome')).toHaveText('ok');
});

test('a viewer sees no mutating control, and a direct POST of the action is refused and audited', async ({
  browser,
}) => {
  const [first, second] = await unverifiedUserIds(2);
  const opsPage = await (await browser.newContext()).newPage();
  await signIn(opsPage, 'ops@example.com');
  const capture = await verifyThroughTheButton(opsPage, first!);

  const viewerPage = await (await browser.newContext()).newPage();
  await signIn(viewerPage, 'viewer@example.com');
  await viewerPage.goto(`/users/${second}`);
  await expect(viewerPage.getByRole('heading', { level: 1 })).toBeVisible();
  // Shown disabled, with the reason, rather than hidden.
  await expect(viewerPage.getByRole('button', { name: 'Mark verified…' })).toBeDisabled();
  await expect(viewerPage.getByTestId('verification-state')).toContainText('Needs the support role; you are viewer.');

  const response = await postAction(viewerPage.request, capture, second!);
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('forbidden');
  expect(await setVerifiedCalls(second!)).toBe(0);

  await viewerPage.goto(`/audit?target=${second}`);
  const entry = viewerPage.getByTestId('audit-entry').first();
  await expect(entry).toContainText('viewer@example.com');
  await expect(entry.getByTestId('audit-outcome')).toHaveText('denied');
});

test('a server action posted from another origin is rejected before it runs', async ({ browser }) => {
  const [first, second] = await unverifiedUserIds(4).then((ids) => ids.slice(2));
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'ops@example.com');
  const capture = await verifyThroughTheButton(page, first!);
  const response = await postAction(page.request, capture, second!, 'http://evil.example');
  expect(response.status()).not.toBe(200);
  expect(await setVerifiedCalls(second!)).toBe(0);
  await page.goto(`/audit?target=${second}`);
  await expect(page.getByTestId('audit-total')).toHaveText('0 entries');
});

test('every response carries the security headers, with a nonce-based CSP', async ({ page }) => {
  const first = await page.request.get('/signin');
  const second = await page.request.get('/signin');
  for (const response of [first, second]) {
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
  }
  const nonce = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce(first.headers()['content-security-policy']!)).not.toBe(
    nonce(second.headers()['content-security-policy']!),
  );
  // The page's own scripts carry the nonce, so they run under the policy.
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign in with the voice service' })).toBeEnabled();
});

test('a second console on the same PGlite directory refuses to start, saying why', async () => {
  const root = path.resolve(__dirname, '..');
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', '3199'],
    {
      cwd: root,
      env: { ...process.env, ...E2E_STACK_ENV, NEXTAUTH_URL: 'http://127.0.0.1:3199', NODE_ENV: 'production' },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, 45_000);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  expect(code, output).not.toBe(0);
  expect(code, output).not.toBeNull();
  expect(output).toContain('is in use by process');
});

test('no page of the console executes the hostile seeded content', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signIn(page, 'ops@example.com');
  for (const path of [
    '/',
    '/stuck',
    '/jobs',
    '/audit',
    '/users',
    '/messages',
    '/workspaces',
    '/channels',
    '/notifications',
    '/domains',
    '/agents',
    '/statistics',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href, `${path}: ${href}`).toMatch(/^(\/|https?:\/\/|#)/);
    const sources = await page
      .locator('img[src], audio[src]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src') ?? ''));
    for (const src of sources) expect(src, `${path}: ${src}`).toMatch(/^https?:\/\//);
  }
  expect(dialogs).toEqual([]);
});
