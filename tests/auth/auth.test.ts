import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConsoleDb, getConsoleDb } from '@/lib/db';
import { callbackUrlOnConsole, safeCallbackPath } from '@/lib/auth/callback-url';
import { needsRefresh, refreshSessionToken, type SessionToken } from '@/lib/auth/session-cookie';
import { parseRoleMapping, roleAllows, roleFor } from '@/lib/auth/roles';
import { contentSecurityPolicy } from '@/lib/security/headers';
import type { RunningEmulator } from '../../emulator/server';
import { pgliteTestDriver, type DatabaseLocation } from '../db/drivers';
import { consoleClientOf, refreshTokens, signIn, startTestEmulator } from '../support/emulator';

describe('roles', () => {
  it('maps e-mails case-insensitively and defaults to viewer', () => {
    const roles = parseRoleMapping(' Ops@Example.com=ops, support@example.com = support\nviewer@example.com=viewer ');
    expect(roleFor(roles, 'ops@example.com')).toBe('ops');
    expect(roleFor(roles, 'SUPPORT@example.com')).toBe('support');
    expect(roleFor(roles, 'someone@example.com')).toBe('viewer');
    expect(roleFor(parseRoleMapping(undefined), 'ops@example.com')).toBe('viewer');
  });

  it.each(['ops@example.com', 'ops@example.com=admin', 'nobody=ops', 'a@b=ops=x'])(
    'refuses the malformed entry %s',
    (entry) => {
      expect(() => parseRoleMapping(entry)).toThrow(/CONSOLE_ROLES/);
    },
  );

  it('orders viewer < support < ops', () => {
    expect(roleAllows('ops', 'support')).toBe(true);
    expect(roleAllows('support', 'support')).toBe(true);
    expect(roleAllows('support', 'ops')).toBe(false);
    expect(roleAllows('viewer', 'support')).toBe(false);
  });
});

describe('callback after sign-in', () => {
  it.each([
    ['/stuck?threshold=30', '/stuck?threshold=30'],
    ['https://evil.example/', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    // Browsers strip tabs and newlines from URLs: these would become //evil.example.
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['/jobs/../audit?x=1', '/audit?x=1'],
    ['/signin?callbackUrl=/x', '/'],
    [['/a', '/b'], '/'],
    [undefined, '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeCallbackPath(input)).toBe(expected);
  });

  // Dot segments that resolve to a path starting with `//`, which a browser reads as another host.
  it.each([
    '/..//evil.example/x',
    '/.//evil.example/x',
    '/x/..//evil.example/x',
    '/%2e%2e//evil.example/x',
    '/../\\evil.example/x',
    '/./\\/evil.example/x',
  ])('%s stays on the console', (input) => {
    const path = safeCallbackPath(input);
    expect(path.startsWith('//')).toBe(false);
    expect(path).toMatch(/^\/evil\.example\/x$/);
    expect(callbackUrlOnConsole(input, 'https://console.example')).toBe('https://console.example/evil.example/x');
  });
});

describe('content security policy', () => {
  it('allows only nonce-carrying scripts in production, eval only in development', () => {
    const production = contentSecurityPolicy('abc', { development: false, https: false });
    expect(production).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(production).not.toContain('unsafe-eval');
    expect(production).toContain("frame-ancestors 'none'");
    expect(production).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy('abc', { development: true, https: true })).toMatch(
      /'unsafe-eval'.*upgrade-insecure-requests/,
    );
  });

  it('loads images only from the console and the allowed image origins, never any http(s) host', () => {
    const imageSources = (policy: string) =>
      policy
        .split('; ')
        .find((directive) => directive.startsWith('img-src '))
        ?.split(' ')
        .slice(1);
    expect(imageSources(contentSecurityPolicy('abc', { development: false, https: false }))).toEqual([
      "'self'",
      'data:',
    ]);
    expect(
      imageSources(
        contentSecurityPolicy('abc', {
          development: false,
          https: true,
          imageOrigins: ['https://avatars.example.com'],
        }),
      ),
    ).toEqual(["'self'", 'data:', 'https://avatars.example.com']);
  });
});

describe('access-token refresh', () => {
  let emulator: RunningEmulator;
  let database: DatabaseLocation;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    process.env.NEXTAUTH_SECRET = 'test-secret-0123456789abcdef';
    // The refresher coordinates through the console database: a copy of the run's migrated one.
    database = await pgliteTestDriver.migratedLocation();
    process.env.CONSOLE_DATA_DIR = database.options.dataDir;
    process.env.DATABASE_URL = '';
    await getConsoleDb();
    process.env.VOICE_TOKEN_URL = `${emulator.url}/oauth/token`;
    process.env.VOICE_CLIENT_ID = emulator.config.consoleClientId;
    process.env.VOICE_CLIENT_SECRET = emulator.config.consoleClientSecret;
  });

  afterAll(async () => {
    await closeConsoleDb();
    await emulator?.stop();
    await database?.remove();
  });

  async function sessionFor(email: string): Promise<SessionToken> {
    const tokens = await signIn(consoleClientOf(emulator), { email });
    return {
      sub: email,
      email,
      scopes: (tokens.scope ?? '').split(' '),
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      accessTokenExpiresAt: Date.now() + (tokens.expires_in ?? 0) * 1000,
      accessTokenLifetime: tokens.expires_in,
      signedInAt: Date.now(),
    };
  }

  it('is due within a third of the lifetime, at most a minute before expiry', () => {
    const now = 1_000_000;
    const token = (expiresInMs: number, lifetime: number): SessionToken => ({
      sub: 'u',
      email: 'e',
      scopes: ['admin'],
      refreshToken: 'r',
      signedInAt: now,
      accessTokenExpiresAt: now + expiresInMs,
      accessTokenLifetime: lifetime,
    });
    expect(needsRefresh(token(61_000, 3600), now)).toBe(false);
    expect(needsRefresh(token(59_000, 3600), now)).toBe(true);
    expect(needsRefresh(token(1_100, 3), now)).toBe(false);
    expect(needsRefresh(token(900, 3), now)).toBe(true);
    expect(needsRefresh({ ...token(0, 3), refreshToken: undefined }, now)).toBe(false);
  });

  it('shares one refresh among concurrent requests, so the rotated token is never replayed', async () => {
    const session = await sessionFor('ops@example.com');
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => refreshSessionToken(session)));
    const refreshed = outcomes.map((outcome) => (outcome.kind === 'refreshed' ? outcome.token : null));
    expect(refreshed.every((token) => token !== null)).toBe(true);
    expect(new Set(refreshed.map((token) => token?.refreshToken)).size).toBe(1);
    // A request that still carries the old token a moment later gets the same answer.
    const late = await refreshSessionToken(session);
    expect(late.kind === 'refreshed' && late.token.refreshToken).toBe(refreshed[0]?.refreshToken);
    // The grant is alive: the new refresh token works at the service.
    const next = await refreshTokens(consoleClientOf(emulator), refreshed[0]!.refreshToken!);
    expect(next.status).toBe(200);
  });

  it('reports a refresh token the service refuses as rejected: the session is over', async () => {
    const session = await sessionFor('support@example.com');
    // Rotated away behind the console's back: the old one is now a replay.
    expect((await refreshTokens(consoleClientOf(emulator), session.refreshToken!)).status).toBe(200);
    const outcome = await refreshSessionToken(session);
    expect(outcome).toMatchObject({ kind: 'rejected', reason: 'invalid_grant' });
  });

  it('reports an unreachable token endpoint as unavailable, keeping the session', async () => {
    const session = await sessionFor('viewer@example.com');
    const saved = process.env.VOICE_TOKEN_URL;
    const { consoleEnv } = await import('@/lib/env');
    const env = consoleEnv();
    env.VOICE_TOKEN_URL = 'http://127.0.0.1:9/oauth/token';
    try {
      expect(await refreshSessionToken(session)).toMatchObject({ kind: 'unavailable' });
    } finally {
      env.VOICE_TOKEN_URL = saved!;
    }
  });
});
