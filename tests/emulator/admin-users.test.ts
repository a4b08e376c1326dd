import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeListQuery,
  errorBodySchema,
  parseContentRangeTotal,
  REQUEST_ID_HEADER,
  userListSchema,
  userSchema,
  type ListQuery,
} from '../../lib/upstream/contract';
import { BENCH_CLIENT_ID } from '../../emulator/config';
import { requestLogSchema } from '../../emulator/request-log';
import { DEMO_ACCOUNTS } from '../../emulator/seed/demo-accounts';
import { PRESETS } from '../../emulator/seed/presets';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';
import { CONTROL_HEADERS } from '../../emulator/control';

const CONSOLE_ORIGIN = 'http://127.0.0.1:3000';
const TOTAL_USERS = PRESETS.small.userCount;

let emulator: RunningEmulator;
let adminToken: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ corsOrigins: [CONSOLE_ORIGIN] });
  adminToken = (await benchToken(emulator)).access_token;
});
afterAll(() => emulator?.stop());

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(path, emulator.url), { headers: { Authorization: `Bearer ${adminToken}`, ...headers } });
}

async function listUsers(query: ListQuery) {
  const response = await get(`/admin/ra/users?${encodeListQuery(query)}`);
  expect(response.status).toBe(200);
  return { response, users: userListSchema.parse(await response.json()) };
}

/** Asserts the service's error body and that its requestId matches the header. */
async function expectError(response: Response, status: number, message?: RegExp) {
  expect(response.status).toBe(status);
  const body = errorBodySchema.parse(await response.json());
  expect(body.requestId).toBe(response.headers.get(REQUEST_ID_HEADER));
  if (message) expect(body.errmsg).toMatch(message);
  return body;
}

function postControl(path: string, body: unknown): Promise<Response> {
  return fetch(new URL(path, emulator.url), {
    method: 'POST',
    headers: { ...CONTROL_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('GET /admin/ra/users', () => {
  it('pages with range and reports the total in Content-Range and X-Total-Count', async () => {
    const { response, users } = await listUsers({ range: { start: 0, end: 24 } });
    expect(users).toHaveLength(25);
    expect(response.headers.get('content-range')).toBe(`users 0-24/${TOTAL_USERS}`);
    expect(response.headers.get('x-total-count')).toBe(String(TOTAL_USERS));

    const lastPage = await listUsers({ range: { start: 50, end: 74 } });
    expect(lastPage.users).toHaveLength(TOTAL_USERS - 50);
    expect(lastPage.response.headers.get('content-range')).toBe(`users 50-${TOTAL_USERS - 1}/${TOTAL_USERS}`);

    const beyond = await listUsers({ range: { start: 500, end: 524 } });
    expect(beyond.users).toEqual([]);
    expect(parseContentRangeTotal(beyond.response.headers.get('content-range'))).toBe(TOTAL_USERS);
  });

  it('accepts the react-admin Range header when there is no range parameter', async () => {
    const response = await get('/admin/ra/users', { Range: 'users=5-9' });
    expect(response.status).toBe(200);
    expect(userListSchema.parse(await response.json())).toHaveLength(5);
    expect(response.headers.get('content-range')).toBe(`users 5-9/${TOTAL_USERS}`);
  });

  it('sorts by any field, stably across pages', async () => {
    const ascending = (await listUsers({ sort: { field: 'id', order: 'ASC' }, range: { start: 0, end: 99 } })).users;
    const ids = ascending.map((user) => user.id);
    expect(ids).toEqual([...ids].sort());
    const descending = (await listUsers({ sort: { field: 'id', order: 'DESC' }, range: { start: 0, end: 99 } })).users;
    expect(descending.map((user) => user.id)).toEqual([...ids].reverse());

    const byCreated = (await listUsers({ sort: { field: 'created_at', order: 'DESC' } })).users;
    const times = byCreated.map((user) => Date.parse(user.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const pageOne = (await listUsers({ sort: { field: 'verified', order: 'ASC' }, range: { start: 0, end: 29 } }))
      .users;
    const pageTwo = (await listUsers({ sort: { field: 'verified', order: 'ASC' }, range: { start: 30, end: 59 } }))
      .users;
    expect(new Set([...pageOne, ...pageTwo].map((user) => user.id)).size).toBe(TOTAL_USERS);
  });

  it('filters on exact field values, nulls and id lists', async () => {
    const agents = await listUsers({ filter: { account_type: 'agent' } });
    expect(agents.users.length).toBeGreaterThan(0);
    expect(agents.users.every((user) => user.account_type === 'agent')).toBe(true);
    expect(parseContentRangeTotal(agents.response.headers.get('content-range'))).toBe(agents.users.length);

    const unverifiedOkta = (await listUsers({ filter: { verified: false, idp_provider: 'okta' } })).users;
    expect(unverifiedOkta.every((user) => !user.verified && user.idp_provider === 'okta')).toBe(true);

    const withoutIdp = (await listUsers({ filter: { idp_provider: null } })).users;
    expect(withoutIdp.length).toBeGreaterThan(0);
    expect(withoutIdp.every((user) => user.idp_provider === null)).toBe(true);

    const wanted = [DEMO_ACCOUNTS.ops.id, DEMO_ACCOUNTS.member.id, 'usr_does_not_exist'];
    const byIds = (await listUsers({ filter: { id: wanted } })).users;
    expect(byIds.map((user) => user.id).sort()).toEqual([DEMO_ACCOUNTS.ops.id, DEMO_ACCOUNTS.member.id].sort());
    expect((await listUsers({ filter: { id: [] } })).users).toEqual([]);
  });

  it('searches email and names with q, case-insensitively and literally', async () => {
    const member = (await listUsers({ filter: { q: 'MEMBER@EXAMPLE' } })).users;
    expect(member.map((user) => user.id)).toEqual([DEMO_ACCOUNTS.member.id]);

    const hostile = (await listUsers({ filter: { q: '<script>' } })).users;
    expect(hostile).toHaveLength(1);
    expect(hostile[0]?.last_name).toBe('<script>alert(1)</script>');
    expect(hostile[0]?.image_url).toBe('javascript:alert(1)');

    expect((await listUsers({ filter: { q: '%' } })).users).toEqual([]);
    const combined = (await listUsers({ filter: { q: 'example.com', account_type: 'human', verified: true } })).users;
    expect(combined.every((user) => user.email.includes('example.com') && user.verified)).toBe(true);
  });

  it('answers 400 naming the parameter for malformed sort, range and filter', async () => {
    const cases: Array<[string, RegExp]> = [
      ['sort=["nope","ASC"]', /^sort/],
      ['sort=["email","UP"]', /^sort/],
      ['sort=email', /^sort/],
      ['range=[5,1]', /^range/],
      ['range=[0,5000]', /^range/],
      ['range={"start":0}', /^range/],
      ['filter={"q":', /^filter/],
      ['filter={"password_hash":"x"}', /^filter/],
      ['filter={"verified":"yes"}', /^filter/],
      ['filter={"id":[1,2]}', /^filter/],
      ['filter=[1]', /^filter/],
    ];
    for (const [query, message] of cases) {
      await expectError(await get(`/admin/ra/users?${query}`), 400, message);
    }
    await expectError(await get('/admin/ra/users', { Range: 'items=0-9' }), 400, /^range/);
  });

  it('serves one record, and 404 for unknown ids and entities', async () => {
    const response = await get(`/admin/ra/users/${DEMO_ACCOUNTS.viewer.id}`);
    expect(response.status).toBe(200);
    expect(userSchema.parse(await response.json())).toMatchObject({
      id: DEMO_ACCOUNTS.viewer.id,
      email: 'viewer@example.com',
      verified: true,
      account_type: 'human',
    });
    await expectError(await get('/admin/ra/users/usr_ffffffffffffffffffff'), 404, /usr_ffffffffffffffffffff/);
    await expectError(await get('/admin/ra/widgets'), 404, /unknown entity/);
    await expectError(await get('/admin/ra/widgets/1'), 404, /unknown entity/);
    await expectError(await get('/admin/ra/constructor'), 404, /unknown entity/);
    await expectError(await get('/admin/nothing/here'), 404);
    await expectError(await get('/admin/ra/users/%E0%A4%A'), 400);
  });
});

describe('authentication', () => {
  it('answers 401 with the error body without a valid token', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer not-a-token' },
      { Authorization: 'Basic abc' },
    ];
    for (const headers of attempts) {
      const response = await fetch(new URL('/admin/ra/users', emulator.url), { headers });
      await expectError(response, 401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    await expectError(await fetch(new URL('/agents', emulator.url)), 401);
  });
});

describe('rate limits', () => {
  afterEach(async () => {
    expect((await postControl('/__control/reset', {})).status).toBe(200);
  });

  it('count reads per token and answer 429 with the X-RateLimit headers', async () => {
    const settings = await postControl('/__control/settings', { rateLimitRead: 3, rateLimitWindowMs: 60_000 });
    expect(await settings.json()).toMatchObject({ rateLimitRead: 3, rateLimitWindowMs: 60_000 });
    const remaining: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      const response = await get('/admin/ra/users?range=[0,0]');
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(response.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await get('/admin/ra/users?range=[0,0]');
    await expectError(limited, 429, /X-RateLimit-Limit/);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);

    // Another token has its own budget.
    const other = (await benchToken(emulator)).access_token;
    const response = await fetch(new URL('/admin/ra/users?range=[0,0]', emulator.url), {
      headers: { Authorization: `Bearer ${other}` },
    });
    expect(response.status).toBe(200);
  });

  it('count writes apart from reads', async () => {
    await postControl('/__control/settings', { rateLimitWrite: 1, rateLimitWindowMs: 60_000 });
    const write = () =>
      fetch(new URL('/admin/ra/users', emulator.url), {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
    await expectError(await write(), 405);
    await expectError(await write(), 429);
    expect((await get('/admin/ra/users?range=[0,0]')).status).toBe(200);
  });
});

describe('control, CORS and request ids', () => {
  it('rejects bad settings, malformed JSON and oversized bodies with the error body', async () => {
    await expectError(await postControl('/__control/settings', { rateLimitRead: -1 }), 400, /rateLimitRead/);
    await expectError(await postControl('/__control/settings', { unknownSetting: 1 }), 400);
    const malformed = await fetch(new URL('/__control/settings', emulator.url), {
      method: 'POST',
      headers: { ...CONTROL_HEADERS, 'Content-Type': 'application/json' },
      body: '{"rateLimitRead":',
    });
    await expectError(malformed, 400, /JSON/);
    const oversized = await fetch(new URL('/__control/settings', emulator.url), {
      method: 'POST',
      headers: { ...CONTROL_HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    await expectError(oversized, 413);
  });

  it('logs upstream requests with their subject, and clears the log', async () => {
    expect(
      (await fetch(new URL('/__control/requests', emulator.url), { method: 'DELETE', headers: CONTROL_HEADERS }))
        .status,
    ).toBe(204);
    await get('/admin/ra/users?range=[0,1]');
    await fetch(new URL('/healthz', emulator.url));
    const log = requestLogSchema.parse(
      await (await fetch(new URL('/__control/requests', emulator.url), { headers: CONTROL_HEADERS })).json(),
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      method: 'GET',
      path: '/admin/ra/users',
      query: '?range=[0,1]',
      status: 200,
      subject: BENCH_CLIENT_ID,
    });
  });

  it('answers preflights for allowed origins and exposes the list headers', async () => {
    const preflight = await fetch(new URL('/admin/ra/users', emulator.url), {
      method: 'OPTIONS',
      headers: {
        Origin: CONSOLE_ORIGIN,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization, range',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Range/);

    const response = await get('/admin/ra/users?range=[0,0]', { Origin: CONSOLE_ORIGIN });
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(response.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Reset');

    const foreign = await get('/admin/ra/users?range=[0,0]', { Origin: 'https://evil.example' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('puts X-Request-Id on every response, the OAuth server included', async () => {
    for (const path of ['/healthz', '/oauth/token', '/admin/ra/users', '/interaction/unknown']) {
      const response = await fetch(new URL(path, emulator.url), { method: path === '/oauth/token' ? 'POST' : 'GET' });
      expect(response.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
