import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  identitySchema,
  oauthErrorSchema,
  tokenResponseSchema,
  userListSchema,
} from '../../lib/upstream/contract';
import { DEMO_ACCOUNTS } from '../../emulator/seed/demo-accounts';
import type { RunningEmulator } from '../../emulator/server';
import {
  authorize,
  beginAuthorization,
  benchToken,
  consoleClientOf,
  exchangeCode,
  formAction,
  refreshTokens,
  signIn,
  startTestEmulator,
  type OAuthClientTarget,
} from '../support/emulator';
import { BENCH_CLIENT_ID } from '../../emulator/config';
import { CONTROL_HEADERS } from '../../emulator/control';

let emulator: RunningEmulator;
let target: OAuthClientTarget;

beforeAll(async () => {
  emulator = await startTestEmulator();
  target = consoleClientOf(emulator);
});
afterAll(() => emulator?.stop());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const getJson = (path: string, token: string) => fetch(new URL(path, emulator.url), { headers: bearer(token) });

describe('authorization code flow with PKCE', () => {
  it('issues tokens with the spec fields to a staff account and reports its identity', async () => {
    const code = await authorize(target, { email: DEMO_ACCOUNTS.ops.email });
    expect(code.iss).toBe(emulator.issuer);
    const response = await exchangeCode(target, code);
    expect(response.status).toBe(200);
    const tokens = tokenResponseSchema.parse(await response.json());
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.expires_in).toBe(emulator.config.accessTokenTtlSeconds);
    const nowSeconds = Date.now() / 1000;
    expect(tokens.refresh_token_exp).toBeGreaterThan(nowSeconds + emulator.config.refreshTokenTtlSeconds - 60);
    expect(tokens.refresh_token_exp).toBeLessThanOrEqual(
      Math.ceil(nowSeconds) + emulator.config.refreshTokenTtlSeconds,
    );
    expect(tokens.scope?.split(' ').sort()).toEqual(['admin', 'identity']);

    const identity = identitySchema.parse(await (await getJson('/identity', tokens.access_token)).json());
    expect(identity).toMatchObject({
      user_id: DEMO_ACCOUNTS.ops.id,
      email: 'ops@example.com',
      first_name: DEMO_ACCOUNTS.ops.firstName,
    });
    expect(identity.scopes.sort()).toEqual(['admin', 'identity']);

    const users = await getJson('/admin/ra/users?range=[0,4]', tokens.access_token);
    expect(users.status).toBe(200);
    expect(userListSchema.parse(await users.json())).toHaveLength(5);
  });

  it('never grants admin to member@example.com, who then gets 401 on /admin', async () => {
    const tokens = await signIn(target, { email: DEMO_ACCOUNTS.member.email, scopes: ['admin', 'identity'] });
    expect(tokens.scope).toBe('identity');
    const identity = identitySchema.parse(await (await getJson('/identity', tokens.access_token)).json());
    expect(identity.scopes).toEqual(['identity']);
    const response = await getJson('/admin/ra/users', tokens.access_token);
    expect(response.status).toBe(401);
    expect(errorBodySchema.parse(await response.json()).errmsg).toMatch(/admin scope/);
  });

  it('shows the consent page listing what the member cannot have', async () => {
    const { agent, result } = await beginAuthorization(target, { scopes: ['admin', 'identity'] });
    if (result.kind !== 'page') throw new Error('expected the sign-in page');
    const consent = await agent.submitForm(formAction(result, '/login'), {
      email: DEMO_ACCOUNTS.member.email,
      password: 'console-demo',
    });
    if (consent.kind !== 'page') throw new Error('expected the consent page');
    expect(consent.html).toContain('<button type="submit">Allow</button>');
    expect(consent.html).toMatch(/Not available to this account: <code>admin<\/code>/);
  });

  it('shows the sign-in page again with an error for a wrong password', async () => {
    const { agent, result } = await beginAuthorization(target);
    if (result.kind !== 'page') throw new Error('expected the sign-in page');
    expect(result.status).toBe(200);
    expect(result.html).toContain('name="email"');
    expect(result.html).toContain('name="password"');
    const again = await agent.submitForm(formAction(result, '/login'), {
      email: DEMO_ACCOUNTS.ops.email,
      password: 'wrong',
    });
    if (again.kind !== 'page') throw new Error('expected the sign-in page again');
    expect(again.status).toBe(200);
    expect(again.html).toContain('Wrong email or password.');
    expect(again.html).toContain('value="ops@example.com"');
    // The same interaction still works with the right password.
    const consent = await agent.submitForm(formAction(again, '/login'), {
      email: DEMO_ACCOUNTS.ops.email,
      password: 'console-demo',
    });
    expect(consent.kind === 'page' && consent.html.includes('Allow')).toBe(true);
  });

  it('answers Cancel with access_denied at the redirect URI', async () => {
    const { agent, result } = await beginAuthorization(target);
    if (result.kind !== 'page') throw new Error('expected the sign-in page');
    const consent = await agent.submitForm(formAction(result, '/login'), {
      email: DEMO_ACCOUNTS.support.email,
      password: 'console-demo',
    });
    if (consent.kind !== 'page') throw new Error('expected the consent page');
    const callback = await agent.submitForm(formAction(consent, '/abort'), {});
    if (callback.kind !== 'callback') throw new Error('expected a redirect to the client');
    expect(callback.url.searchParams.get('error')).toBe('access_denied');
  });

  it('refuses an unregistered redirect URI with an error page instead of redirecting', async () => {
    const { result } = await beginAuthorization(target, { redirectUri: 'https://evil.example/callback' });
    if (result.kind !== 'page') throw new Error('must not redirect to an unregistered URI');
    expect(result.status).toBe(400);
    expect(result.html).toContain('redirect_uri');
    expect(result.html).not.toContain('evil.example');
  });

  it('rejects a reused code and a wrong PKCE verifier with invalid_grant', async () => {
    const code = await authorize(target, { email: DEMO_ACCOUNTS.viewer.email });
    const wrongVerifier = await exchangeCode(target, { ...code, codeVerifier: 'x'.repeat(43) });
    expect(wrongVerifier.status).toBe(400);
    expect(oauthErrorSchema.parse(await wrongVerifier.json()).error).toBe('invalid_grant');

    const other = await authorize(target, { email: DEMO_ACCOUNTS.viewer.email });
    expect((await exchangeCode(target, other)).status).toBe(200);
    const reused = await exchangeCode(target, other);
    expect(reused.status).toBe(400);
    expect(oauthErrorSchema.parse(await reused.json()).error).toBe('invalid_grant');
  });

  it('rejects a wrong client secret', async () => {
    const code = await authorize(target, { email: DEMO_ACCOUNTS.ops.email });
    const response = await exchangeCode({ ...target, clientSecret: 'wrong' }, code);
    expect(response.status).toBe(401);
    expect(oauthErrorSchema.parse(await response.json()).error).toBe('invalid_client');
  });
});

describe('refresh tokens', () => {
  it('rotate, and replaying a used one revokes the whole grant', async () => {
    const first = await signIn(target, { email: DEMO_ACCOUNTS.ops.email });
    const rotated = await refreshTokens(target, first.refresh_token ?? '');
    expect(rotated.status).toBe(200);
    const second = tokenResponseSchema.parse(await rotated.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    // Rotation keeps the sign-in's end.
    expect(second.refresh_token_exp).toBe(first.refresh_token_exp);
    expect(second.scope?.split(' ').sort()).toEqual(['admin', 'identity']);
    expect((await getJson('/identity', second.access_token)).status).toBe(200);

    const replay = await refreshTokens(target, first.refresh_token ?? '');
    expect(replay.status).toBe(400);
    expect(oauthErrorSchema.parse(await replay.json()).error).toBe('invalid_grant');

    const afterRevocation = await refreshTokens(target, second.refresh_token ?? '');
    expect(afterRevocation.status).toBe(400);
    expect(oauthErrorSchema.parse(await afterRevocation.json()).error).toBe('invalid_grant');
    expect((await getJson('/identity', second.access_token)).status).toBe(401);
  });

  it('follow the access-token lifetime set at run time', async () => {
    const changed = await fetch(new URL('/__control/settings', emulator.url), {
      method: 'POST',
      headers: { ...CONTROL_HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify({ accessTokenTtlSeconds: 1 }),
    });
    expect(changed.status).toBe(200);
    try {
      const tokens = await signIn(target, { email: DEMO_ACCOUNTS.ops.email });
      expect(tokens.expires_in).toBe(1);
      expect((await getJson('/identity', tokens.access_token)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await getJson('/identity', tokens.access_token)).status).toBe(401);
      const refreshed = await refreshTokens(target, tokens.refresh_token ?? '');
      expect(refreshed.status).toBe(200);
      const { access_token } = tokenResponseSchema.parse(await refreshed.json());
      expect((await getJson('/identity', access_token)).status).toBe(200);
    } finally {
      expect(
        (await fetch(new URL('/__control/reset', emulator.url), { method: 'POST', headers: CONTROL_HEADERS })).status,
      ).toBe(200);
    }
  });
});

describe('client credentials', () => {
  it('give the benchmark client an admin token without a user', async () => {
    const tokens = await benchToken(emulator);
    expect(tokens.scope).toBe('admin');
    expect(tokens.refresh_token).toBeUndefined();
    expect((await getJson('/admin/ra/users?range=[0,0]', tokens.access_token)).status).toBe(200);
    expect((await getJson('/identity', tokens.access_token)).status).toBe(403);
  });

  it("are told apart from a session's refresh in the request log by the client that asked", async () => {
    const session = await signIn(target, { email: DEMO_ACCOUNTS.ops.email });
    emulator.requestLog.clear();
    await benchToken(emulator);
    expect((await refreshTokens(target, session.refresh_token ?? '')).status).toBe(200);
    const tokenRequests = emulator.requestLog.list().filter((entry) => entry.path === '/oauth/token');
    expect(tokenRequests.map((entry) => entry.subject)).toEqual([BENCH_CLIENT_ID, target.clientId]);
  });
});
