/**
 * The proxy against a real emulator and a real console database: sign-out ends a session for
 * every copy of its cookie and at the service (and a sign-out failing half way says which half
 * failed), a session whose revocation cannot be checked is refused and left unchanged (fail
 * closed), background requests (prefetches, auto-refreshes) never count as activity but still get
 * the security headers, and a long session is written in cookies a browser keeps.
 */
import { NextRequest, type NextResponse } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_BEACON_PATH, BACKGROUND_REFRESH_COOKIE } from '@/lib/auth/background-request';
import { clearRevocationCache } from '@/lib/auth/session-cookie/revocation';
import {
  sessionReadable,
  sessionCookieWrites,
  endSession,
  decodeSessionToken,
  encodeSessionToken,
  readSessionCookie,
  type SessionToken,
} from '@/lib/auth/session-cookie';
import { closeConsoleDb, getConsoleDb, type ConsoleDb } from '@/lib/db';
import { REVOCATION_PATH, revocationOutcome } from '@/lib/upstream/contract/oauth-revocation';
import { revocationUrl, revokeServiceToken } from '@/lib/upstream/oauth-revocation';
import { config, proxy } from '@/proxy';
import type { RunningEmulator } from '../../emulator/server';
import { pgliteTestDriver, type DatabaseLocation } from '../db/drivers';
import { consoleClientOf, refreshTokens, signIn, startTestEmulator } from '../support/emulator';

const CONSOLE_URL = 'http://127.0.0.1:3999';
const COOKIE = 'next-auth.session-token';
let emulator: RunningEmulator;
let database: DatabaseLocation;

beforeAll(async () => {
  emulator = await startTestEmulator();
  // A copy of the run's migrated database: this file is not about creating one.
  database = await pgliteTestDriver.migratedLocation();
  Object.assign(process.env, {
    NEXTAUTH_URL: CONSOLE_URL,
    NEXTAUTH_SECRET: 'proxy-test-secret-0123456789abcdef',
    VOICE_TOKEN_URL: `${emulator.url}/oauth/token`,
    VOICE_CLIENT_ID: emulator.config.consoleClientId,
    VOICE_CLIENT_SECRET: emulator.config.consoleClientSecret,
    CONSOLE_DATA_DIR: database.options.dataDir,
    DATABASE_URL: '',
  });
  // Opened here, where a slow first open of PGlite does not count against a test's time.
  await getConsoleDb();
});

afterAll(async () => {
  await closeConsoleDb();
  await emulator?.stop();
  await database?.remove();
});

async function signedInSession(email: string, overrides: Partial<SessionToken> = {}): Promise<SessionToken> {
  const tokens = await signIn(consoleClientOf(emulator), { email });
  const now = Date.now();
  return {
    sub: `sub-${email}-${now}`,
    email,
    scopes: (tokens.scope ?? '').split(' '),
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    accessTokenExpiresAt: now + (tokens.expires_in ?? 3600) * 1000,
    accessTokenLifetime: tokens.expires_in ?? 3600,
    signedInAt: now,
    lastSeenAt: now,
    ...overrides,
  };
}

/**
 * Runs `body` with the process-wide console database (lib/db's getConsoleDb, kept on globalThis)
 * refusing every statement matching `failing`, as a database that went away mid-request would.
 */
async function withFailingConsoleDb<T>(failing: RegExp, body: () => Promise<T>): Promise<T> {
  const shared = globalThis as typeof globalThis & { voiceConsoleDb?: Promise<ConsoleDb> };
  const real = shared.voiceConsoleDb ?? getConsoleDb();
  const db = await real;
  shared.voiceConsoleDb = Promise.resolve({
    ...db,
    query: <R>(sql: string, params?: readonly unknown[]) =>
      failing.test(sql) ? Promise.reject(new Error('connection reset')) : db.query<R>(sql, params),
  });
  try {
    return await body();
  } finally {
    shared.voiceConsoleDb = real;
  }
}

const tokenRequests = () =>
  emulator.requestLog.list().filter((entry) => entry.method === 'POST' && entry.path === '/oauth/token').length;

function request(pathname: string, cookieHeader: string, headers: Record<string, string> = {}): NextRequest {
  return new NextRequest(new URL(pathname, CONSOLE_URL), { headers: { cookie: cookieHeader, ...headers } });
}

const sessionCookieHeader = async (token: SessionToken) => `${COOKIE}=${await encodeSessionToken(token)}`;

/** The session cookies the response sets, by name. */
function setCookies(response: NextResponse): Map<string, { value: string; maxAge?: number }> {
  return new Map(
    response.cookies
      .getAll()
      .filter((cookie) => cookie.name.startsWith(COOKIE))
      .map((cookie) => [cookie.name, cookie]),
  );
}

describe('sign-out', () => {
  it('refuses a copied cookie afterwards and revokes the grant at the service', async () => {
    const session = await signedInSession('ops@example.com');
    const copied = await sessionCookieHeader(session);
    const before = await proxy(request('/stuck', copied));
    expect(before.status).toBe(200);
    expect(await sessionReadable(session)).toBe('active');

    expect(await endSession(session)).toEqual({ revokedInConsole: true, revokedAtService: true });

    const after = await proxy(request('/stuck', copied));
    expect(after.status).toBe(307);
    expect(after.headers.get('location')).toContain('/signin');
    expect(setCookies(after).get(COOKIE)?.maxAge).toBe(0);
    expect(await sessionReadable(session)).toBe('revoked');
    // The service ended the grant: the old refresh token is refused, the access token too.
    const refresh = await refreshTokens(consoleClientOf(emulator), session.refreshToken!);
    expect(refresh.status).toBe(400);
    const identity = await fetch(`${emulator.url}/identity`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(identity.status).toBe(401);
  });

  it('ASSUMPTION (contract/oauth-revocation.ts): the service answers 200 for a token it does not know, as RFC 7009 says', async () => {
    // VOICE_REVOCATION_URL unset: next to the token endpoint.
    expect(revocationUrl()).toBe(`${emulator.url}${REVOCATION_PATH}`);
    expect(await revokeServiceToken({ token: 'never-issued', token_type_hint: 'refresh_token' })).toEqual({ ok: true });
    expect(revocationOutcome(503)).toBe('retry-later');
    expect(revocationOutcome(401)).toBe('refused');
  });

  it('does not touch another session of the same account', async () => {
    const first = await signedInSession('support@example.com');
    const second = await signedInSession('support@example.com', { signedInAt: first.signedInAt + 1 });
    await endSession(first);
    expect(await sessionReadable(second)).toBe('active');
    expect((await proxy(request('/stuck', await sessionCookieHeader(second)))).status).toBe(200);
  });
});

describe('failures half way', () => {
  it('a sign-out whose database write fails still revokes the grant at the service, and says the console part failed', async () => {
    const session = await signedInSession('ops@example.com');
    const result = await withFailingConsoleDb(/revoked_sessions/, () => endSession(session));
    expect(result).toEqual({ revokedInConsole: false, revokedAtService: true });
    expect((await refreshTokens(consoleClientOf(emulator), session.refreshToken!)).status).toBe(400);
  });

  it('a sign-out the service cannot be told of still refuses every copy of the cookie, and says the service part failed', async () => {
    const session = await signedInSession('support@example.com');
    const copied = await sessionCookieHeader(session);
    emulator.faults.set({ rules: [{ pattern: '^/oauth/revoke$', status: 503 }] });
    try {
      expect(await endSession(session)).toEqual({ revokedInConsole: true, revokedAtService: false });
    } finally {
      emulator.faults.set({ rules: [] });
    }
    expect((await proxy(request('/stuck', copied))).status).toBe(307);
    expect(await sessionReadable(session)).toBe('revoked');
  });

  it('a session whose revocation cannot be checked is refused for the request and left as it is (fail closed)', async () => {
    clearRevocationCache();
    // Due for a refresh and for an activity write: an unchecked session must get neither.
    const session = await signedInSession('viewer@example.com', {
      lastSeenAt: Date.now() - 120_000,
      accessTokenExpiresAt: Date.now() + 1_000,
    });
    const cookie = await sessionCookieHeader(session);
    const before = tokenRequests();
    await withFailingConsoleDb(/revoked_sessions/, async () => {
      expect(await sessionReadable(session)).toBe('unknown');
      const response = await proxy(
        request('/stuck', cookie, { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }),
      );
      expect(setCookies(response).size).toBe(0);
    });
    expect(tokenRequests()).toBe(before);
    // Once the database answers again, the same cookie works.
    expect(await sessionReadable(session)).toBe('active');
  });
});

describe('background requests', () => {
  const twoMinutesAgo = () => Date.now() - 120_000;

  it('prefetches pass through the proxy and get every security header', async () => {
    // Next's matcher test helper expects the global its server runtime installs (tests/support/next-runtime.ts).
    const { unstable_doesMiddlewareMatch } = await import('next/experimental/testing/server');
    const prefetches: Record<string, string>[] = [{ 'next-router-prefetch': '1' }, { purpose: 'prefetch' }];
    for (const headers of prefetches) {
      expect(unstable_doesMiddlewareMatch({ config, url: '/stuck', headers })).toBe(true);
      const response = await proxy(request('/stuck', '', headers));
      expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('a foreground request records activity; a prefetch or an auto-refresh does not', async () => {
    const session = await signedInSession('viewer@example.com', { lastSeenAt: twoMinutesAgo() });
    const cookie = await sessionCookieHeader(session);
    for (const marked of [
      request('/stuck', cookie, { 'next-router-prefetch': '1' }),
      request('/stuck', cookie, { purpose: 'prefetch' }),
      request('/stuck', `${cookie}; ${BACKGROUND_REFRESH_COOKIE}=1`),
    ]) {
      const response = await proxy(marked);
      expect(response.status).toBe(200);
      expect(setCookies(response).size).toBe(0);
    }
    const foreground = await proxy(request('/stuck', cookie));
    const written = setCookies(foreground).get(COOKIE);
    expect(written).toBeDefined();
    const token = await decodeSessionToken(written!.value);
    expect(token!.lastSeenAt).toBeGreaterThan(session.lastSeenAt!);
  });

  it('from a browser (Fetch Metadata): only document navigations, server actions and the activity beacon record activity', async () => {
    const session = await signedInSession('viewer@example.com', { lastSeenAt: twoMinutesAgo() });
    const cookie = await sessionCookieHeader(session);
    // Next's RSC fetches: a prefetch, an auto-refresh's re-read, a client-side navigation (headers stripped, as the proxy sees them).
    for (const mode of ['cors', 'same-origin', 'no-cors']) {
      const response = await proxy(request('/stuck', cookie, { 'sec-fetch-mode': mode, 'sec-fetch-dest': 'empty' }));
      expect(response.status, mode).toBe(200);
      expect(setCookies(response).size, mode).toBe(0);
    }
    const post = (pathname: string, headers: Record<string, string>) =>
      new NextRequest(new URL(pathname, CONSOLE_URL), {
        method: 'POST',
        headers: { cookie, 'sec-fetch-mode': 'cors', ...headers },
      });
    for (const counted of [
      request('/stuck', cookie, { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }),
      // Even while an auto-refresh's mark is set: a typed URL or a reload is the operator's.
      request('/stuck', `${cookie}; ${BACKGROUND_REFRESH_COOKIE}=1`, {
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      }),
      post(ACTIVITY_BEACON_PATH, {}),
      post('/users/usr_1', { 'next-action': 'abc123' }),
    ]) {
      const written = setCookies(await proxy(counted)).get(COOKIE);
      expect(written, `${counted.method} ${counted.nextUrl.pathname}`).toBeDefined();
      expect((await decodeSessionToken(written!.value))!.lastSeenAt).toBeGreaterThan(session.lastSeenAt!);
    }
  });

  it('an auto-refreshing page open past the idle timeout ends the session', async () => {
    // Default idle timeout 30 minutes; background re-reads every few seconds change nothing.
    const idle = await signedInSession('ops@example.com', {
      lastSeenAt: Date.now() - 31 * 60_000,
      signedInAt: Date.now() - 40 * 60_000,
    });
    const response = await proxy(
      request('/stuck', `${await sessionCookieHeader(idle)}; ${BACKGROUND_REFRESH_COOKIE}=1`),
    );
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toContain('reason=expired');
  });
});

describe('a long session', () => {
  it('is written in chunks under 4 KB that read back as the same session, replacing the single cookie', async () => {
    // Tokens as long as a real service's JWTs can be.
    const session = await signedInSession('ops@example.com', { lastSeenAt: Date.now() - 120_000 });
    const long = {
      ...session,
      accessToken: `${session.accessToken}.${'a'.repeat(3_000)}`,
      refreshToken: `${session.refreshToken}.${'r'.repeat(3_000)}`,
    };
    const response = await proxy(request('/stuck', await sessionCookieHeader(long)));
    const written = setCookies(response);
    expect(written.get(COOKIE)?.maxAge).toBe(0);
    const chunks = [...written.entries()].filter(([name]) => /\.\d+$/.test(name));
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    // Browsers keep a cookie whose name and value fit in 4096 bytes.
    for (const [name, cookie] of chunks) expect(name.length + cookie.value.length, name).toBeLessThan(4000);
    const joined = readSessionCookie({ getAll: () => chunks.map(([name, cookie]) => ({ name, value: cookie.value })) });
    expect(await decodeSessionToken(joined)).toMatchObject({
      accessToken: long.accessToken,
      refreshToken: long.refreshToken,
    });

    // Back to one cookie when the session is short again: the stale chunks are deleted.
    expect(
      sessionCookieWrites(
        COOKIE,
        'short',
        chunks.map(([name]) => name),
      ),
    ).toEqual([
      { name: COOKIE, value: 'short', delete: false },
      ...chunks.map(([name]) => ({ name, value: '', delete: true })),
    ]);
  });
});
