/**
 * Two console instances on one PostgreSQL refreshing one session at once: the same
 * session cookie reaches both instances in the refresh window at the same moment (the cookie
 * resealed with its access token closer to expiry, as it would be after waiting). The service sees exactly one refresh-token use, the operator stays signed in on
 * both, and the old cookie (a lost response) still works without a second refresh. Skipped only
 * when there are no PostgreSQL binaries (CI installs them: .ci/run).
 */
import { expect, test, type Page } from '@playwright/test';
import { openSessionJwt, sealSessionJwt } from '../lib/auth/session-cookie';
import { createTestDatabase, startTestPostgres, type TestPostgresServer } from '../tests/support/postgres';
import { startConsole, type ExtraConsole } from './consoles';
import { E2E_CONSOLE_URL, E2E_NEXTAUTH_SECRET } from './stack';
import { emulatorControl, operatorRequests, signIn } from './support';

/**
 * Long enough that the rotated token's own refresh window (its last third) does not open before
 * the test ends on a slow machine (every request refreshes in the window, prefetches included:
 * one refresh per token).
 */
const ACCESS_TOKEN_TTL_SECONDS = 90;
/** How long before its expiry the resealed cookie says the access token ends: inside the window, with time for the requests. */
const RESEALED_EXPIRY_MS = 20_000;
const SESSION_COOKIE = 'next-auth.session-token';

/**
 * The session's refreshes the service saw: its token endpoint's requests from the console's own
 * OAuth client. Each console's stuck sampler asks the same endpoint for its machine client's token
 * at moments of its own (its first sample, or the end of a token made short by this spec's TTL).
 */
const sessionRefreshes = async () => (await operatorRequests()).filter((entry) => entry.path === '/oauth/token');

async function sessionCookie(page: Page): Promise<string> {
  const cookie = (await page.context().cookies(E2E_CONSOLE_URL)).find((candidate) => candidate.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return cookie.value;
}

let postgres: TestPostgresServer | undefined;
let database: { url: string; drop(): Promise<void> } | undefined;
const consoles: ExtraConsole[] = [];

test.describe('two console instances refreshing one session at once', () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    postgres = await startTestPostgres();
    if (postgres.postgres.adminUrl === null) return;
    database = await createTestDatabase(postgres.postgres.adminUrl);
    // One after the other: both migrate the same database at start (the second finds it done).
    // Free ports: the browser signs in on the shared console, whose cookie both then get.
    consoles.push(await startConsole({ databaseUrl: database.url }));
    consoles.push(await startConsole({ databaseUrl: database.url }));
  });

  test.afterAll(async () => {
    await Promise.all(consoles.splice(0).map((extra) => extra.stop()));
    await database?.drop().catch(() => {});
    await postgres?.stop();
    await emulatorControl('settings', { body: { accessTokenTtlSeconds: 3600 } });
  });

  test('the service sees one refresh; the operator stays signed in on both', async ({ browser }) => {
    test.skip(postgres?.postgres.adminUrl === null, postgres?.postgres.skipReason ?? '');
    test.setTimeout(240_000);
    const [a, b] = consoles;
    if (!a || !b) throw new Error('the two consoles did not start');
    await emulatorControl('settings', { body: { accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS } });
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'ops@example.com');
    const signedIn = await openSessionJwt(await sessionCookie(page), E2E_NEXTAUTH_SECRET);
    // Off the dashboard, which re-reads itself: a re-read on the shared console (its own database,
    // no election with these two) inside the window would refresh the same token first.
    await page.goto('about:blank');
    const lifetimeMs = Number(signedIn.accessTokenLifetime ?? ACCESS_TOKEN_TTL_SECONDS) * 1000;
    // The cookie as it would be once the window opened: the same session and tokens, the access
    // token nearer its end. lib/auth/refresh.ts: the window is the last third of the lifetime (at most a minute).
    const { exp: _exp, iat: _iat, jti: _jti, ...payload } = signedIn;
    const oldCookie = await sealSessionJwt(
      { ...payload, accessTokenExpiresAt: Date.now() + RESEALED_EXPIRY_MS },
      E2E_NEXTAUTH_SECRET,
      3600,
    );
    const session = await openSessionJwt(oldCookie, E2E_NEXTAUTH_SECRET);
    const expiresAt = Number(session.accessTokenExpiresAt);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(Math.min(60_000, lifetimeMs / 3));
    expect(session.refreshToken).toBe(signedIn.refreshToken);

    // The window is open: the same cookie reaches both instances at the same moment.
    expect(Date.now()).toBeLessThan(expiresAt);
    await emulatorControl('requests', { method: 'DELETE' });
    const load = (url: string, cookie: string) =>
      fetch(`${url}/users?type=agent`, { headers: { cookie: `${SESSION_COOKIE}=${cookie}` }, redirect: 'manual' });
    const answers = await Promise.all([load(a.url, oldCookie), load(b.url, oldCookie)]);
    // A browser that lost the response with the new cookie: the old one again, on either instance.
    const again = await Promise.all([load(a.url, oldCookie), load(b.url, oldCookie)]);
    for (const answer of [...answers, ...again]) expect(answer.status).toBe(200);
    const tokenRequests = await sessionRefreshes();
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]).toMatchObject({ method: 'POST', status: 200 });

    // Both answers carry the rotated tokens, and the operator stays signed in on both instances with them.
    const rotated = answers.map((answer) =>
      answer.headers
        .getSetCookie()
        .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
        ?.split(';')[0]
        ?.slice(SESSION_COOKIE.length + 1),
    );
    const sessions = await Promise.all(rotated.map((value) => openSessionJwt(value ?? '', E2E_NEXTAUTH_SECRET)));
    expect(sessions[0]!.refreshToken).not.toBe(session.refreshToken);
    expect(sessions[1]!.refreshToken).toBe(sessions[0]!.refreshToken);
    await context.addCookies([{ name: SESSION_COOKIE, value: rotated[0]!, url: a.url }]);
    const tabs = [page, await context.newPage()] as const;
    await Promise.all([tabs[0].goto(`${a.url}/users?type=agent`), tabs[1].goto(`${b.url}/users?type=agent`)]);
    for (const tab of tabs) {
      await expect(tab.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
      expect(new URL(tab.url()).pathname).toBe('/users');
    }
    // The grant was not revoked as a replay: no further refresh was needed or made.
    expect(await sessionRefreshes()).toHaveLength(1);
    await context.close();
  });
});
