/**
 * Sessions at the edges: sign-out ends the session for every copy of its cookie and at
 * the service; an auto-refreshing page does not keep an unattended session alive; prefetches get
 * the security headers; the sign-in callback never leaves the console; images from the service's
 * data load only on demand.
 */
import { expectNoSeriousA11yViolations, screenshot, SCREENSHOTS_ON } from './a11y';
import { expect, test, type Page } from '@playwright/test';
import { startConsole, type ExtraConsole } from './consoles';
import { E2E_CONSOLE_URL, E2E_EMULATOR_URL } from './stack';
import { emulatorRequests, emulatorControl, resealSession, sessionPayload, sessionTokens, signIn } from './support';

const CONSOLE_CLIENT = { id: 'voice-ops-console', secret: 'voice-ops-console-dev-secret' };

async function refreshAtService(refreshToken: string): Promise<Response> {
  return fetch(`${E2E_EMULATOR_URL}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CONSOLE_CLIENT.id}:${CONSOLE_CLIENT.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
}

async function sessionCookieHeader(page: Page): Promise<string> {
  const cookies = await page.context().cookies(E2E_CONSOLE_URL);
  return cookies
    .filter((cookie) => cookie.name.startsWith('next-auth.session-token'))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

test('after sign-out a copied cookie is refused, and the service grant is revoked', async ({ page, playwright }) => {
  await signIn(page, 'ops@example.com');
  await page.goto('/stuck');
  const copied = await sessionCookieHeader(page);
  const { refreshToken } = await sessionTokens(page);
  // Someone else holding the copy: accepted before sign-out.
  const other = await playwright.request.newContext({ baseURL: E2E_CONSOLE_URL });
  try {
    const before = await other.get('/stuck', { headers: { cookie: copied }, maxRedirects: 0 });
    expect(before.status()).toBe(200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin\?reason=signed-out/);

    const after = await other.get('/stuck', { headers: { cookie: copied }, maxRedirects: 0 });
    expect(after.status()).toBe(307);
    expect(after.headers().location).toContain('/signin');
    const exported = await other.get('/api/export/users', { headers: { cookie: copied }, maxRedirects: 0 });
    expect(exported.status()).toBeGreaterThanOrEqual(300);
  } finally {
    await other.dispose();
  }
  // The service ended the grant: the refresh token in the copied cookie no longer works.
  const refreshed = await refreshAtService(refreshToken);
  expect(refreshed.status).toBe(400);
  expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
  expect(
    (await emulatorRequests()).some(
      (entry) => entry.method === 'POST' && entry.path === '/oauth/revoke' && entry.status === 200,
    ),
  ).toBe(true);
});

test('prefetch responses carry the CSP, frame and nosniff headers', async ({ page }) => {
  await signIn(page, 'viewer@example.com');
  const prefetches: Record<string, string>[] = [{ 'Next-Router-Prefetch': '1', RSC: '1' }, { Purpose: 'prefetch' }];
  for (const headers of prefetches) {
    const response = await page.request.get('/stuck', { headers, maxRedirects: 0 });
    const received = response.headers();
    expect(received['content-security-policy'], JSON.stringify(headers)).toMatch(/frame-ancestors 'none'/);
    expect(received['x-frame-options']).toBe('DENY');
    expect(received['x-content-type-options']).toBe('nosniff');
  }
});

test('the sign-in callback stays on the console for dot-segment tricks', async ({ page }) => {
  await signIn(page, 'viewer@example.com');
  for (const callback of [
    '/..//evil.example/x',
    '/.//evil.example/x',
    '/x/..//evil.example/x',
    '/%2e%2e//evil.example/x',
    '/../\\evil.example/x',
  ]) {
    const response = await page.request.get(`/signin?callbackUrl=${encodeURIComponent(callback)}`, { maxRedirects: 0 });
    expect(response.status(), callback).toBeGreaterThanOrEqual(300);
    const location = new URL(response.headers().location ?? '', E2E_CONSOLE_URL);
    expect(location.origin, callback).toBe(E2E_CONSOLE_URL);
    expect(location.pathname.startsWith('//'), callback).toBe(false);
  }
});

test('avatars load only when asked, and a refused one falls back to a placeholder', async ({ page }, testInfo) => {
  await signIn(page, 'ops@example.com');
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== E2E_CONSOLE_URL && url.protocol.startsWith('http')) foreign.push(request.url());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/users?size=25&sort=email.asc&cols=email,first_name,image_url');
  const load = page.getByRole('button', { name: /^Load image from images\.example\.com$/ }).first();
  await expect(load).toBeVisible();
  expect(foreign).toEqual([]);
  expect(await page.locator('img[src^="http"]').count()).toBe(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'users-avatars-light.png');

  // images.example.com is not an allowed image origin here: the page's CSP refuses it.
  await load.click();
  await expect(page.getByText(/Image from images\.example\.com unavailable/).first()).toBeVisible();
  if (SCREENSHOTS_ON) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await screenshot(page, testInfo, 'users-avatars-dark.png');
  }
});

/**
 * The idle console's idle timeout: several of the page's 2 s re-reads fit in it, and so do a
 * page load and a click on a loaded machine, where a page can take more than ten seconds from
 * navigation to its first re-read or click.
 */
const IDLE_SECONDS = 20;
/**
 * What is left of the idle timeout once a test has set the session's last activity back (the
 * cookie resealed, as the session would be after that long idle): time for a re-read or a click to
 * reach the console on a loaded machine. Past it, the server's own idle check ends the session
 * unless something counted as activity, without waiting the whole timeout out.
 */
const LEFT_MS = 10_000;
/** Between two clicks of the operator clicking around: longer than the beacon's throttle (a tenth of the idle timeout). */
const CLICK_PAUSE_MS = 3_000;

/** Sets the session's last activity back so that LEFT_MS of its idle timeout remain; returns when the session is idle by. */
async function idleMostOfTheTimeout(page: Page): Promise<{ lastSeenAt: number; idleBy: number }> {
  const lastSeenAt = Date.now() - (IDLE_SECONDS * 1000 - LEFT_MS);
  await resealSession(page, { lastSeenAt });
  return { lastSeenAt, idleBy: lastSeenAt + IDLE_SECONDS * 1000 };
}

/** Waits until `idleBy` (and a second) has passed. */
const waitUntilPast = (page: Page, idleBy: number) => page.waitForTimeout(Math.max(0, idleBy + 1_000 - Date.now()));

test.describe('idle timeout under an auto-refreshing page', () => {
  // A second console from the same build with a short idle timeout (activity is then recorded to
  // a tenth of it), so a re-read that counted as activity would keep the session alive.
  // Cookies ignore the port, so the browser's session from the main console is this one's too.
  let idleConsole: ExtraConsole | undefined;
  let idleUrl = '';

  test.beforeAll(async () => {
    // A production server starting on a loaded machine can take a while.
    test.setTimeout(180_000);
    idleConsole = await startConsole({ env: { CONSOLE_SESSION_IDLE_MINUTES: String(IDLE_SECONDS / 60) } });
    idleUrl = idleConsole.url;
  });

  test.afterAll(async () => {
    await idleConsole?.stop();
  });

  // The re-reads, the RSC fetches behind them and the link prefetches after each re-render are
  // GETs with Sec-Fetch-Mode other than navigate: none counts (lib/auth/background-request.ts).
  test('a /stuck page re-reading every 2 s does not keep the session past the idle timeout', async ({ page }) => {
    test.setTimeout(120_000);
    await emulatorControl('settings', { body: { accessTokenTtlSeconds: 3600 } });
    await signIn(page, 'ops@example.com');
    await page.goto(`${idleUrl}/stuck?refresh=2`);
    await expect(page.getByRole('heading', { name: 'Stuck messages' })).toBeVisible();
    const updatedAt = page.getByTestId('updated-at');
    const firstRender = await updatedAt.getAttribute('datetime');
    // The page keeps re-reading on its own...
    await expect(updatedAt).not.toHaveAttribute('datetime', firstRender ?? '', { timeout: 30_000 });
    // ...also once the session has been idle for most of its timeout, with no one at it (a re-read
    // that counted would renew it: its last activity is older than the granularity it is recorded to)...
    const { idleBy } = await idleMostOfTheTimeout(page);
    const beforeIdle = await updatedAt.getAttribute('datetime');
    await expect(updatedAt).not.toHaveAttribute('datetime', beforeIdle ?? '', { timeout: LEFT_MS - 2_000 });
    // ...and the rest of the timeout passes.
    await waitUntilPast(page, idleBy);
    await page.goto(`${idleUrl}/stuck`);
    // Ended by the proxy (reason=expired), or already by the page's own next re-read.
    await expect(page).toHaveURL(/\/signin/);
  });

  test('an operator clicking around (client-side navigations only) stays signed in past the idle timeout', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await emulatorControl('settings', { body: { accessTokenTtlSeconds: 3600 } });
    await signIn(page, 'ops@example.com');
    await page.goto(`${idleUrl}/stuck?refresh=2`);
    await expect(page.getByRole('heading', { name: 'Stuck messages' })).toBeVisible();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url());
    });
    const sidebar = page.locator('aside');
    // Each round the session has been idle for most of its timeout, and a click is the only activity:
    // it renews the session every time (its last activity moves to the click), not only the first.
    let idleBy = 0;
    for (let round = 0; round < 4; round++) {
      const idle = await idleMostOfTheTimeout(page);
      idleBy = idle.idleBy;
      await sidebar.getByRole('link', { name: round % 2 === 0 ? 'Bulk jobs' : 'Stuck messages', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        round % 2 === 0 ? 'Bulk jobs' : 'Stuck messages',
      );
      await expect
        .poll(async () => (await sessionPayload(page)).lastSeenAt, { timeout: LEFT_MS })
        .not.toBe(idle.lastSeenAt);
      await page.waitForTimeout(CLICK_PAUSE_MS);
    }
    // No document navigation kept it alive: only the clicks (the beacon) did.
    expect(documents).toEqual([]);
    // Past the idle timeout counted from before the last click: still signed in.
    await waitUntilPast(page, idleBy);
    await page.goto(`${idleUrl}/stuck`);
    await expect(page.getByRole('heading', { name: 'Stuck messages' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/stuck');
  });
});
