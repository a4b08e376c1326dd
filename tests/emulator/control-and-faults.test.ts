/**
 * Fault injection (run time and start-up), grant revocation, CORS for browser clients of other
 * origins, and bad input: never a 500, always a 4xx with the service's error body.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  errorBodySchema,
  messageSchema,
  oauthErrorSchema,
  userListSchema,
  userSchema,
} from '../../lib/upstream/contract';
import { readConfigFromEnv } from '../../emulator/config';
import { DEMO_ACCOUNTS } from '../../emulator/seed/demo-accounts';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, consoleClientOf, refreshTokens, signIn, startTestEmulator } from '../support/emulator';
import { apiClient, control, expectError, resetEmulator, type ApiClient } from './helpers';
import { CONTROL_HEADERS } from '../../emulator/control';

const BROWSER_ORIGIN = 'http://127.0.0.1:5173';

let emulator: RunningEmulator;
let api: ApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator({
    rateLimitRead: 1_000_000,
    rateLimitWrite: 1_000_000,
    corsOrigins: [BROWSER_ORIGIN],
  });
  api = apiClient(emulator, (await benchToken(emulator)).access_token);
});
afterAll(() => emulator?.stop());
afterEach(() => resetEmulator(emulator));

const setFaults = async (config: unknown) => {
  const response = await control(emulator, 'faults', { body: config });
  expect(response.status).toBe(200);
  return response.json();
};

describe('fault injection', () => {
  it('answers a seeded share of requests with the chosen 5xx, the same share for the same seed', async () => {
    const config = { rules: [{ pattern: '^/admin/ra/users$', errorRate: 0.5, status: 503 }], seed: 42 };
    expect(await setFaults(config)).toEqual(config);
    const run = async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await api.get('/admin/ra/users?range=[0,0]')).status);
      return statuses;
    };
    const first = await run();
    expect(new Set(first)).toEqual(new Set([200, 503]));
    const failures = first.filter((status) => status === 503).length;
    expect(failures).toBeGreaterThan(10);
    expect(failures).toBeLessThan(30);
    await setFaults(config);
    expect(await run()).toEqual(first);

    await setFaults(config);
    let failed: Response | undefined;
    while (!failed) {
      const response = await api.get('/admin/ra/users?range=[0,0]');
      if (response.status === 503) failed = response;
      else await response.body?.cancel();
    }
    await expectError(failed, 503, /injected fault/);
    expect((await api.get('/admin/ra/domains')).status).toBe(200);
  });

  it('matches the method when given, and answers a status alone every time', async () => {
    await setFaults([{ pattern: '^/admin/user/set_verified/', method: 'put', status: 502 }]);
    const unverified = [...emulator.database.world.users.rows()].find((user) => !user.verified && !user.merged_into);
    if (!unverified) throw new Error('no unverified user');
    for (let i = 0; i < 3; i++)
      await expectError(await api.request('PUT', `/admin/user/set_verified/${unverified.id}`), 502);
    expect((await api.read(`/admin/ra/users/${unverified.id}`, userSchema)).verified).toBe(false);
    expect((await api.get(`/admin/user/set_verified/${unverified.id}`)).status).toBe(405);
  });

  it('matches the decoded query string when given: the later pages of a read, not its first', async () => {
    await setFaults([{ pattern: '^/admin/ra/users$', query: 'range=\\[[1-9]', rateLimit: true }]);
    expect((await api.get('/admin/ra/users?range=[0,2]')).status).toBe(200);
    expect((await api.get(`/admin/ra/users?range=${encodeURIComponent('[0,2]')}`)).status).toBe(200);
    await expectError(await api.get(`/admin/ra/users?range=${encodeURIComponent('[3,5]')}`), 429);
    await expectError(await api.get('/admin/ra/users?range=[3,5]'), 429);
    expect((await api.get('/admin/ra/users')).status).toBe(200);
  });

  it('adds latency, then serves the request', async () => {
    await setFaults([{ pattern: '^/admin/ra/domains$', latencyMs: 250 }]);
    const started = performance.now();
    expect((await api.get('/admin/ra/domains')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('forces 429 with the X-RateLimit headers', async () => {
    await setFaults([{ pattern: '^/admin/', rateLimit: true }]);
    const response = await api.get('/admin/ra/users');
    await expectError(response, 429, /X-RateLimit-Limit/);
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000000');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('leaves requests hanging, and answers malformed JSON', async () => {
    await setFaults([
      { pattern: '^/admin/ra/channels$', hang: true },
      { pattern: '^/admin/ra/workspaces$', malformedJson: true },
    ]);
    const hanging = fetch(new URL('/admin/ra/channels', emulator.url), { signal: AbortSignal.timeout(300) });
    await expect(hanging).rejects.toThrow();
    const malformed = await api.get('/admin/ra/workspaces');
    expect(malformed.status).toBe(200);
    expect(malformed.headers.get('content-type')).toMatch(/application\/json/);
    const text = await malformed.text();
    expect(() => JSON.parse(text)).toThrow();
    expect((await api.get('/admin/ra/users?range=[0,0]')).status).toBe(200);
  });

  it('applies a rule only with its probability, and clears with DELETE', async () => {
    await setFaults({ rules: [{ pattern: '.', probability: 0, status: 500 }], seed: 1 });
    for (let i = 0; i < 10; i++) expect((await api.get('/admin/ra/users?range=[0,0]')).status).toBe(200);
    await setFaults([{ pattern: '.', status: 500 }]);
    await expectError(await api.get('/admin/ra/users'), 500);
    expect((await fetch(new URL('/healthz', emulator.url))).status).toBe(200);
    expect((await control(emulator, 'faults', { method: 'DELETE' })).status).toBe(204);
    expect(await (await control(emulator, 'faults')).json()).toEqual({ rules: [] });
    expect((await api.get('/admin/ra/users?range=[0,0]')).status).toBe(200);
  });

  it('rejects invalid rules with a 400 naming the problem', async () => {
    const invalid: Array<[unknown, RegExp]> = [
      [[{ pattern: '(' }], /pattern/],
      [[{ pattern: 'x', status: 418 }], /status/],
      [[{ pattern: 'x', errorRate: 2 }], /errorRate/],
      [[{ pattern: 'x', surprise: true }], /surprise|Unrecognized/],
      [{ rules: 'x' }, /rules/],
    ];
    for (const [body, message] of invalid) await expectError(await control(emulator, 'faults', { body }), 400, message);
    expect(await (await control(emulator, 'faults')).json()).toEqual({ rules: [] });
  });

  it('takes rules at start-up, from EMULATOR_FAULTS too, and returns to them on reset', async () => {
    const config = readConfigFromEnv({ EMULATOR_FAULTS: '[{"pattern":"^/admin/ra/notifications$","status":503}]' });
    expect(config.faults).toEqual({ rules: [{ pattern: '^/admin/ra/notifications$', status: 503 }] });
    expect(() => readConfigFromEnv({ EMULATOR_FAULTS: '{"rules":' })).toThrow(/EMULATOR_FAULTS/);
    expect(() => readConfigFromEnv({ EMULATOR_FAULTS: '[{"pattern":"("}]' })).toThrow(/EMULATOR_FAULTS/);

    const faulty = await startTestEmulator({ faults: config.faults });
    try {
      const client = apiClient(faulty, (await benchToken(faulty)).access_token);
      await expectError(await client.get('/admin/ra/notifications'), 503);
      await control(faulty, 'faults', { method: 'DELETE' });
      expect((await client.get('/admin/ra/notifications')).status).toBe(200);
      await resetEmulator(faulty);
      await expectError(await client.get('/admin/ra/notifications'), 503);
    } finally {
      await faulty.stop();
    }
  });
});

describe('POST /__control/revoke-grants', () => {
  it("ends every grant and token of the account, and no one else's", async () => {
    const target = consoleClientOf(emulator);
    const first = await signIn(target, { email: DEMO_ACCOUNTS.ops.email });
    const second = await signIn(target, { email: DEMO_ACCOUNTS.ops.email });
    const other = await signIn(target, { email: DEMO_ACCOUNTS.support.email });
    for (const tokens of [first, second, other])
      expect((await apiClient(emulator, tokens.access_token).get('/admin/ra/users?range=[0,0]')).status).toBe(200);

    const response = await control(emulator, 'revoke-grants', { body: { email: 'OPS@example.com' } });
    expect(await response.json()).toEqual({ ok: true, revokedGrants: 2 });
    for (const tokens of [first, second]) {
      await expectError(await apiClient(emulator, tokens.access_token).get('/admin/ra/users'), 401);
      const refresh = await refreshTokens(target, tokens.refresh_token ?? '');
      expect(refresh.status).toBe(400);
      expect(oauthErrorSchema.parse(await refresh.json()).error).toBe('invalid_grant');
    }
    expect((await apiClient(emulator, other.access_token).get('/admin/ra/users?range=[0,0]')).status).toBe(200);
    const again = await signIn(target, { email: DEMO_ACCOUNTS.ops.email });
    expect((await apiClient(emulator, again.access_token).get('/admin/ra/users?range=[0,0]')).status).toBe(200);
  });

  it('answers 404 for unknown addresses and 400 without one', async () => {
    await expectError(await control(emulator, 'revoke-grants', { body: { email: 'nobody@example.com' } }), 404);
    await expectError(await control(emulator, 'revoke-grants', { body: {} }), 400, /email/);
  });
});

describe('POST /__control/backdate-messages', () => {
  it("moves the messages' last update into the past, where the service's own filters find it", async () => {
    const { rows } = await api.list(
      'messages',
      { filter: { status: 'active' }, range: { start: 0, end: 2 } },
      messageSchema,
    );
    const [moved, other, untouched] = rows.map((row) => row.id);
    for (const id of [moved, other]) await api.request('PUT', `/admin/ra/message/${id}/status/paused`);
    const updatedAt = async (id: string | undefined) =>
      z.number().parse((await api.read(`/admin/ra/messages/${id}`, messageSchema)).last_updated_at);
    const before = { moved: await updatedAt(moved), untouched: await updatedAt(untouched) };
    const stuckSince = Date.now() - 5 * 60_000;
    const stuck = async () =>
      (
        await api.list(
          'messages',
          { filter: { status: 'paused', id: [moved, other], updated_before: stuckSince } },
          messageSchema,
        )
      ).rows.map((row) => row.id);
    expect(await stuck()).toEqual([]);

    const response = await control(emulator, 'backdate-messages', { body: { ids: [moved], ms: 10 * 60_000 } });
    expect(await response.json()).toEqual({ ok: true, backdated: 1 });
    expect(await updatedAt(moved)).toBe(before.moved - 10 * 60_000);
    expect(await updatedAt(untouched)).toBe(before.untouched);
    expect(await stuck()).toEqual([moved]);
  });

  it('answers 404 for an unknown id, moving none, and 400 for a bad body', async () => {
    const { rows } = await api.list('messages', { range: { start: 0, end: 0 } }, messageSchema);
    const known = rows[0]!;
    await expectError(
      await control(emulator, 'backdate-messages', { body: { ids: [known.id, 'msg_unknown'], ms: 60_000 } }),
      404,
    );
    expect((await api.read(`/admin/ra/messages/${known.id}`, messageSchema)).last_updated_at).toBe(
      known.last_updated_at,
    );
    await expectError(await control(emulator, 'backdate-messages', { body: { ids: [], ms: 60_000 } }), 400, /ids/);
    await expectError(await control(emulator, 'backdate-messages', { body: { ids: [known.id], ms: -1 } }), 400, /ms/);
  });
});

describe('CORS for browser clients of allowed origins', () => {
  it('answers preflights with the methods and headers react-admin uses', async () => {
    for (const path of ['/admin/ra/users', '/admin/ra/domains/dom_x', '/agents/usr_x']) {
      const preflight = await fetch(new URL(path, emulator.url), {
        method: 'OPTIONS',
        headers: {
          Origin: BROWSER_ORIGIN,
          'Access-Control-Request-Method': 'DELETE',
          'Access-Control-Request-Headers': 'authorization, content-type, range',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(BROWSER_ORIGIN);
      const methods = preflight.headers.get('access-control-allow-methods') ?? '';
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) expect(methods).toContain(method);
      const headers = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      for (const header of ['authorization', 'content-type', 'range']) expect(headers).toContain(header);
    }
  });

  it('exposes the list and rate-limit headers, and only to allowed origins', async () => {
    const response = await api.get('/admin/ra/users?range=[0,0]', { Origin: BROWSER_ORIGIN });
    expect(response.headers.get('access-control-allow-origin')).toBe(BROWSER_ORIGIN);
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const header of [
      'content-range',
      'x-total-count',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]) {
      expect(exposed).toContain(header);
    }
    const failed = await api.get('/admin/ra/nothing', { Origin: BROWSER_ORIGIN });
    expect(failed.headers.get('access-control-allow-origin')).toBe(BROWSER_ORIGIN);
    const foreign = await api.get('/admin/ra/users?range=[0,0]', { Origin: 'https://evil.example' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('bad input', () => {
  it('never answers 500: malformed JSON, wrong types, unknown ids and oversized bodies get a 4xx with the error body', async () => {
    const json = { 'Content-Type': 'application/json' };
    const cases: Array<[string, string, string | undefined, Record<string, string>]> = [
      ['POST', '/admin/users/merge', 'null', json],
      ['POST', '/admin/users/merge', '"merge"', json],
      ['POST', '/admin/users/merge', '[1,2]', json],
      ['POST', '/admin/users/merge', '{"source_user_id":{},"target_user_id":[]}', json],
      ['POST', '/admin/users/merge', `{"source_user_id":"${'x'.repeat(300)}","target_user_id":"y"}`, json],
      ['POST', '/admin/users/merge', '{', json],
      ['PUT', '/admin/workspace/owner', 'true', json],
      ['PUT', '/admin/ra/channels/chn_x', 'not json', json],
      ['PUT', '/admin/ra/channels/chn_x/members/usr_x', '{"role":1}', json],
      ['POST', '/admin/ra/domains', 'domain=x', { 'Content-Type': 'text/plain' }],
      ['POST', '/admin/ra/domains', `{"domain":"${'a'.repeat(300)}","workspace_guid":"w"}`, json],
      ['PUT', '/admin/ra/domains/dom_x', '{"domain":null}', json],
      ['POST', '/admin/users/merge', JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }), json],
      ['GET', '/admin/ra/messages?filter={"constructor":"x"}', undefined, {}],
      ['GET', '/admin/ra/messages?sort=["id","ASC","more"]', undefined, {}],
      ['GET', '/admin/ra/messages?range=[0,"9"]', undefined, {}],
      ['GET', '/admin/ra/messages?range=[-1,5]', undefined, {}],
      ['GET', '/admin/ra/messages?range=[0,1e400]', undefined, {}],
      ['GET', '/admin/ra/messages?filter={"status":{"$ne":"active"}}', undefined, {}],
      ['GET', '/admin/ra/messages?filter={"created_after":1e400}', undefined, {}],
      ['GET', '/admin/ra/messages/%E0%A4%A', undefined, {}],
      ['GET', `/admin/ra/messages/${'m'.repeat(5000)}`, undefined, {}],
      ['GET', '/admin/ra/message/msg_x/createMP3', undefined, {}],
      ['GET', `/admin/users/info?users=${'u'.repeat(201)}`, undefined, {}],
      ['GET', '/admin/user/payment-plans/%20', undefined, {}],
      ['POST', '/agents', '{"name":["x"]}', json],
      ['GET', '/agents?limit=1e3', undefined, {}],
      ['POST', '/__control/settings', '{"reprocessDelayMs":-5}', { ...json, ...CONTROL_HEADERS }],
      ['POST', '/__control/faults', '{"rules":[{"pattern":"x","latencyMs":"slow"}]}', { ...json, ...CONTROL_HEADERS }],
    ];
    const agentToken = await signIn(consoleClientOf(emulator), { email: DEMO_ACCOUNTS.ops.email });
    for (const [method, path, body, headers] of cases) {
      const token = path.startsWith('/agents') ? agentToken.access_token : undefined;
      const response = token
        ? await apiClient(emulator, token).request(method, path, body, headers)
        : await api.request(method, path, body, headers);
      expect(response.status, `${method} ${path.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path.slice(0, 80)}`).toBeLessThan(500);
      errorBodySchema.parse(await response.json());
    }
    expect(userListSchema.parse(await (await api.get('/admin/users/active')).json()).length).toBeGreaterThan(0);
  });

  it('answers 401 without a valid admin token on every /admin route', async () => {
    const paths: Array<[string, string]> = [
      ['GET', '/admin/ra/messages'],
      ['POST', '/admin/ra/message/msg_x/reprocess'],
      ['GET', '/admin/users/active'],
      ['POST', '/admin/users/merge'],
      ['GET', '/admin/workspaces'],
      ['PUT', '/admin/workspace/owner'],
      ['PUT', '/admin/ra/channels/chn_x'],
      ['POST', '/admin/ra/domains'],
      ['GET', '/admin/message/statistics'],
      ['GET', '/admin/orphanedChannels'],
      ['POST', '/admin/repairChannelSequenceNumbers'],
    ];
    const member = await signIn(consoleClientOf(emulator), { email: DEMO_ACCOUNTS.member.email, scopes: ['identity'] });
    for (const [method, path] of paths) {
      const attempts: Array<Record<string, string>> = [
        {},
        { Authorization: 'Bearer nonsense' },
        { Authorization: `Bearer ${member.access_token}` },
      ];
      for (const headers of attempts) {
        const response = await fetch(new URL(path, emulator.url), { method, headers });
        await expectError(response, 401);
        expect(response.headers.get('x-ratelimit-limit')).toEqual(expect.any(String));
      }
    }
  });
});

describe('/__control/* against cross-site requests', () => {
  const reset = (headers: Record<string, string>) =>
    fetch(new URL('/__control/reset', emulator.url), { method: 'POST', headers });
  const settings = async () => (await control(emulator, 'settings')).json() as Promise<Record<string, unknown>>;

  it('refuses a request without the control header (what a form or a no-cors POST sends)', async () => {
    await expectError(await reset({}), 403, /x-emulator-control/);
    await expectError(await reset({ 'Content-Type': 'text/plain' }), 403);
    await expectError(await fetch(new URL('/__control/requests', emulator.url)), 403);
    const before = await settings();
    const change = await fetch(new URL('/__control/settings', emulator.url), {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ reprocessDelayMs: 1 }),
    });
    await expectError(change, 403);
    expect(await settings()).toEqual(before);
  });

  it('refuses a request from a foreign Origin even with the header', async () => {
    await expectError(await reset({ ...CONTROL_HEADERS, Origin: 'http://evil.example' }), 403, /another origin/);
    await expectError(await reset({ ...CONTROL_HEADERS, Origin: BROWSER_ORIGIN }), 403);
  });

  it("accepts the header with no Origin or the emulator's own", async () => {
    expect((await reset(CONTROL_HEADERS)).status).toBe(200);
    expect((await reset({ ...CONTROL_HEADERS, Origin: new URL(emulator.url).origin })).status).toBe(200);
  });
});

describe('the size of the free-text index', () => {
  it('reports the rows, words, pairs and postings behind q, over every row of the entity', async () => {
    const response = await control(emulator, 'text-index/users');
    expect(response.status).toBe(200);
    const stats = (await response.json()) as { rows: number; words: number; pairs: number; postingBytes: number };
    const total = Number((await api.get('/admin/ra/users?range=[0,0]')).headers.get('content-range')?.split('/')[1]);
    expect(stats.rows).toBe(total);
    expect(stats.words).toBeGreaterThan(0);
    expect(stats.pairs).toBeGreaterThan(0);
    expect(stats.postingBytes).toBeGreaterThan(0);
    const { email } = DEMO_ACCOUNTS.ops;
    const found = await api.get(
      `/admin/ra/users?range=[0,0]&filter=${encodeURIComponent(JSON.stringify({ q: email }))}`,
    );
    expect(found.headers.get('content-range')).toMatch(/\/[1-9]\d*$/);
  });

  it('answers 404 for an entity the service does not have', async () => {
    await expectError(await control(emulator, 'text-index/nope'), 404, /^no entity "nope"$/);
  });
});
