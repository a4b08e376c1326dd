import { expect, test } from '@playwright/test';
import { sealSessionJwt } from '../lib/auth/session-cookie';
import { E2E_CONSOLE_URL, E2E_EMULATOR_URL, E2E_NEXTAUTH_SECRET } from './stack';
import {
  emulatorControl,
  emulatorRequests,
  operatorRequests,
  serviceToken,
  sessionTokens,
  signInThroughPages,
} from './support';

/** The user total straight from the service, with a machine token: what the dashboard must show. */
async function serviceUserTotal(): Promise<number> {
  const response = await fetch(`${E2E_EMULATOR_URL}/admin/ra/users?range=${encodeURIComponent('[0,0]')}`, {
    headers: { authorization: `Bearer ${await serviceToken()}` },
  });
  const total = Number(response.headers.get('content-range')?.split('/').pop());
  expect(total).toBeGreaterThan(0);
  return total;
}

test.afterEach(async () => {
  await emulatorControl('settings', { body: { accessTokenTtlSeconds: 3600 } });
});

test('ops signs in through the service and sees the dashboard with the real user count', async ({ page }) => {
  const total = await serviceUserTotal();
  await signInThroughPages(page, 'ops@example.com');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('user-count')).toHaveText(total.toLocaleString('en-US'));
  await expect(page.getByTestId('operator-email')).toHaveText('ops@example.com');
});

test('an account without the admin scope gets the admin-scope page and no /admin call is made', async ({ page }) => {
  await emulatorControl('requests', { method: 'DELETE' });
  await signInThroughPages(page, 'member@example.com');
  await expect(page.getByRole('heading', { name: 'Admin scope required' })).toBeVisible();
  await expect(page.getByText('member@example.com')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin-scope-required$/);
  // Not the console's own machine client: the stuck sampler may read counts at any minute.
  expect((await operatorRequests()).filter((r) => r.path.startsWith('/admin'))).toEqual([]);
  const log = await emulatorRequests();
  // The sign-in itself did reach the service: the log is live, not empty by accident.
  expect(log.some((r) => r.path === '/identity')).toBe(true);
});

test('the service tokens never reach the browser', async ({ page }) => {
  const bodies: string[] = [];
  /** Bodies the browser let go of before they were read (the page moved on): read again below, never skipped. */
  const unread: { url: string; method: string }[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    // A redirect has no body to read.
    if (!/html|javascript|json|text\/x-component/.test(type) || (response.status() >= 300 && response.status() < 400))
      return;
    reads.push(
      response.text().then(
        (body) => void bodies.push(body),
        () => void unread.push({ url: response.url(), method: response.request().method() }),
      ),
    );
  });
  await signInThroughPages(page, 'ops@example.com');
  await page.goto('/stuck');
  await page.goto('/');
  await expect(page.getByTestId('user-count')).toBeVisible();
  await Promise.all(reads);
  // Only pages and assets are read again; an unread answer to anything else fails the test, but
  // for next-auth's sign-in POST, answered before any token exists (it names the service's sign-in page).
  const beforeTokens = (entry: { url: string; method: string }) =>
    entry.method === 'POST' && new URL(entry.url).pathname.startsWith('/api/auth/signin/');
  expect(unread.filter((entry) => entry.method !== 'GET' && !beforeTokens(entry))).toEqual([]);
  // The console's answers, that is: the service's own sign-in pages are not the console's to check.
  for (const { url } of unread.filter((entry) => entry.url.startsWith(E2E_CONSOLE_URL))) {
    const again = await page.request.get(url);
    expect(again.status(), url).toBe(200);
    bodies.push(await again.text());
  }
  const { accessToken, refreshToken } = await sessionTokens(page);
  const session = await page.request.get('/api/auth/session');
  bodies.push(await session.text());
  expect(JSON.parse(bodies.at(-1) ?? '{}')).toMatchObject({ user: { email: 'ops@example.com' } });
  bodies.push(await page.content());
  expect(bodies.length).toBeGreaterThan(5);
  for (const body of bodies) {
    expect(body).not.toContain(accessToken);
    expect(body).not.toContain(refreshToken);
  }
  const cookie = (await page.context().cookies()).find((c) => c.name === 'next-auth.session-token');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
});

test('an expiring access token is refreshed transparently, across page loads and parallel requests', async ({
  page,
}) => {
  await emulatorControl('settings', { body: { accessTokenTtlSeconds: 3 } });
  await signInThroughPages(page, 'ops@example.com');
  await expect(page.getByTestId('user-count')).toBeVisible();
  const seen = new Set<string>([(await sessionTokens(page)).refreshToken]);
  for (let round = 0; round < 3; round++) {
    await page.waitForTimeout(3_200);
    // Several requests at once with the same expired token: one refresh, shared by all.
    const responses = await Promise.all([
      page.request.get('/'),
      page.request.get('/stuck'),
      page.request.get('/users'),
      page.request.get('/'),
    ]);
    for (const response of responses) {
      expect(response.url()).not.toContain('/signin');
      expect(response.status()).toBe(200);
    }
    await page.reload();
    await expect(page.getByTestId('user-count')).toBeVisible();
    seen.add((await sessionTokens(page)).refreshToken);
  }
  // The refresh token rotated on every refresh and no replay revoked the grant.
  expect(seen.size).toBeGreaterThanOrEqual(4);
  await page.goto('/');
  await expect(page.getByTestId('user-count')).toBeVisible();
});

test('a refused refresh sends the operator to sign in, then back to the page they were on', async ({ page }) => {
  await emulatorControl('settings', { body: { accessTokenTtlSeconds: 3 } });
  await signInThroughPages(page, 'ops@example.com');
  // Off the dashboard: its prefetches and re-reads would meet the refused refresh first and end
  // the session in the background, and the navigation below would then find no session to explain.
  await page.goto('about:blank');
  await emulatorControl('revoke-grants', { body: { email: 'ops@example.com' } });
  await page.waitForTimeout(3_200);
  await page.goto('/stuck?threshold=30');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fstuck%3Fthreshold%3D30/);
  await expect(page.getByText('Your session ended')).toBeVisible();
  await signInThroughPages(page, 'ops@example.com', page.url());
  await expect(page).toHaveURL(/\/stuck\?threshold=30$/);
});

test('sign-out ends the session', async ({ page }) => {
  await signInThroughPages(page, 'ops@example.com');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.context().cookies()).find((c) => c.name === 'next-auth.session-token')).toBeUndefined();
});

test('an idle session is refused even by requests the proxy does not see (prefetches)', async ({ request }) => {
  const cookieFor = async (lastSeenAt: number) => {
    const value = await sealSessionJwt(
      {
        sub: 'usr_ops',
        email: 'ops@example.com',
        name: 'Ops',
        scopes: ['admin', 'identity'],
        accessToken: 'not-used',
        signedInAt: Date.now() - 3600_000,
        lastSeenAt,
      },
      E2E_NEXTAUTH_SECRET,
      12 * 3600,
    );
    return `next-auth.session-token=${value}`;
  };
  // The proxy skips prefetches; the route must check the session's idle timeout (30 min) itself.
  const prefetch = { purpose: 'prefetch', 'next-router-prefetch': '1' };
  const active = await request.get('/api/audit/export', {
    headers: { ...prefetch, cookie: await cookieFor(Date.now() - 60_000) },
  });
  expect(active.status()).toBe(200);
  const idle = await request.get('/api/audit/export', {
    headers: { ...prefetch, cookie: await cookieFor(Date.now() - 2 * 3600_000) },
  });
  expect(idle.status()).toBe(401);
});
