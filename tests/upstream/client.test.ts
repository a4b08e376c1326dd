import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UpstreamClient, type UpstreamLogLine, UpstreamError, describeUpstreamError } from '@/lib/upstream/client';
import { pathSegment, rateLimitResetAt, userSchema } from '@/lib/upstream/contract';
import { setUserVerified } from '@/lib/upstream/admin';
import { messageOperation } from '@/lib/upstream/message-operations';
import { countRecords, getRecord, listRecords } from '@/lib/upstream/ra';

/** A real HTTP server whose answers each test scripts, recording what it received. */
type Handler = (request: IncomingMessage, response: ServerResponse, hit: number) => void;
let server: Server;
let baseUrl: string;
let handler: Handler;
let hits: { method: string; url: string; authorization?: string; requestId?: string }[];

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      requestId: request.headers['x-request-id'] as string | undefined,
    });
    handler(request, response, hits.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits = [];
});

function client(options: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {}, log: UpstreamLogLine[] = []) {
  return new UpstreamClient({
    baseUrl,
    accessToken: 'token-abc',
    timeoutMs: 500,
    readRetries: 2,
    retryBaseMs: 5,
    log: (line) => log.push(line),
    ...options,
  });
}

const okSchema = z.object({ ok: z.boolean() });

describe('UpstreamClient', () => {
  it('sends two identical counts or list reads of one page once', async () => {
    handler = (_req, res) => setTimeout(() => json(res, 200, [], { 'content-range': 'messages 0-0/7' }), 20);
    const upstream = client();
    const counts = await Promise.all([
      countRecords(upstream, 'messages', { creator_guid: 'u1' }),
      countRecords(upstream, 'messages', { creator_guid: 'u1' }),
    ]);
    expect(counts).toEqual([7, 7]);
    expect(hits).toHaveLength(1);
    const rows = z.looseObject({ id: z.string() });
    await Promise.all([
      listRecords(upstream, 'messages', { range: { start: 0, end: 9 } }, rows),
      listRecords(upstream, 'messages', { range: { start: 0, end: 9 } }, rows),
    ]);
    expect(hits).toHaveLength(2);
  });

  it('counts with the total of a list read of the same filter in flight, and on its own when that read fails', async () => {
    handler = (req, res) =>
      setTimeout(
        () =>
          req.url?.includes('fail')
            ? json(res, 503, { errmsg: 'down' })
            : json(res, 200, [], { 'content-range': 'messages 0-9/31' }),
        20,
      );
    const upstream = client({ readRetries: 0 });
    const rows = z.looseObject({ id: z.string() });
    const list = listRecords(
      upstream,
      'messages',
      { sort: { field: 'message_ts', order: 'DESC' }, range: { start: 0, end: 9 }, filter: { creator_guid: 'u1' } },
      rows,
    );
    const [listed, counted, other] = await Promise.all([
      list,
      countRecords(upstream, 'messages', { creator_guid: 'u1' }),
      countRecords(upstream, 'messages', { creator_guid: 'u2' }),
    ]);
    expect(listed.total).toBe(31);
    expect(counted).toBe(31);
    expect(other).toBe(31);
    // The list and the other creator's count: the first count took the list's total.
    expect(hits.map((hit) => decodeURIComponent(hit.url))).toEqual([
      '/admin/ra/messages?sort=["message_ts","DESC"]&range=[0,9]&filter={"creator_guid":"u1"}',
      '/admin/ra/messages?range=[0,0]&filter={"creator_guid":"u2"}',
    ]);
    // Once the list has answered, a count reads again.
    expect(await countRecords(upstream, 'messages', { creator_guid: 'u1' })).toBe(31);
    expect(hits).toHaveLength(3);
    // A failed list read: the count asked meanwhile is read on its own.
    hits = [];
    const failing = listRecords(
      upstream,
      'messages',
      { range: { start: 0, end: 9 }, filter: { q: 'fail' } },
      rows,
    ).catch((error: unknown) => error);
    const count = countRecords(upstream, 'messages', { q: 'fail' }).catch((error: unknown) => error);
    expect(await failing).toBeInstanceOf(UpstreamError);
    expect(await count).toBeInstanceOf(UpstreamError);
    expect(hits).toHaveLength(2);
  });

  it('sends an identical read asked while it is in flight once, and again once it has answered', async () => {
    handler = (_req, res) => setTimeout(() => json(res, 200, { ok: true }), 20);
    const upstream = client();
    const read = () => upstream.request({ method: 'GET', path: '/admin/thing', query: { a: '1' }, schema: okSchema });
    const [first, second] = await Promise.all([read(), read()]);
    expect(second.data).toEqual({ ok: true });
    expect(second).toBe(first);
    expect(hits).toHaveLength(1);
    // Another schema, another query or a write: their own requests.
    await Promise.all([
      read(),
      upstream.request({
        method: 'GET',
        path: '/admin/thing',
        query: { a: '1' },
        schema: z.object({ ok: z.literal(true) }),
      }),
      upstream.request({ method: 'GET', path: '/admin/thing', query: { a: '2' }, schema: okSchema }),
    ]);
    expect(hits).toHaveLength(4);
    await read();
    expect(hits).toHaveLength(5);
  });

  it('sends the bearer token and a request id, and parses the body with the schema', async () => {
    handler = (_req, res) => json(res, 200, { ok: true, extra: 'tolerated' }, { 'x-request-id': 'svc-1' });
    const log: UpstreamLogLine[] = [];
    const response = await client({}, log).request({ method: 'GET', path: '/admin/thing', schema: okSchema });
    expect(response.data).toEqual({ ok: true });
    expect(response.requestId).toBe('svc-1');
    expect(hits[0]?.authorization).toBe('Bearer token-abc');
    expect(hits[0]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(log).toEqual([
      expect.objectContaining({ method: 'GET', path: '/admin/thing', status: 200, outcome: 'ok', requestId: 'svc-1' }),
    ]);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [400, 'bad_request'],
    [422, 'bad_request'],
  ] as const)('maps %i to %s with the service message and request id, without retrying', async (status, kind) => {
    handler = (_req, res) =>
      json(res, status, { success: false, requestId: 'rid-9', errmsg: 'nope <b>', code: 'SOME_CODE' });
    const error = await client()
      .request({ method: 'GET', path: '/x', schema: okSchema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind, status, requestId: 'rid-9', serviceMessage: 'nope <b>', code: 'SOME_CODE' });
    expect(hits).toHaveLength(1);
  });

  it('retries an idempotent read after 5xx and succeeds', async () => {
    handler = (_req, res, hit) =>
      hit < 3 ? json(res, 503, { success: false, errmsg: 'busy' }) : json(res, 200, { ok: true });
    const response = await client().request({ method: 'GET', path: '/x', schema: okSchema });
    expect(response.data.ok).toBe(true);
    expect(hits).toHaveLength(3);
  });

  it('gives up after the configured number of retries with a server error', async () => {
    handler = (_req, res) => json(res, 500, { success: false, requestId: 'r5', errmsg: 'boom' });
    const error = await client({ readRetries: 1 })
      .request({ method: 'GET', path: '/x', schema: okSchema })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'server', status: 500, requestId: 'r5' });
    expect(hits).toHaveLength(2);
  });

  it('never retries a write, nor a GET marked non-idempotent', async () => {
    handler = (_req, res) => json(res, 502, { success: false, errmsg: 'bad gateway' });
    await expect(
      client().request({ method: 'POST', path: '/admin/ra/message/m1/reprocess', body: {} }),
    ).rejects.toMatchObject({ kind: 'server' });
    await expect(
      client().request({ method: 'GET', path: '/admin/ra/message/m1/createMP3', idempotent: false }),
    ).rejects.toMatchObject({ kind: 'server' });
    expect(hits).toHaveLength(2);
  });

  it('times out a hanging request and retries it as a read', async () => {
    handler = (_req, res, hit) => {
      if (hit === 1) return; // never answers
      json(res, 200, { ok: true });
    };
    const response = await client({ timeoutMs: 150 }).request({ method: 'GET', path: '/slow', schema: okSchema });
    expect(response.data.ok).toBe(true);
    expect(hits).toHaveLength(2);
  });

  it('reports a timeout when every attempt hangs', async () => {
    handler = () => undefined;
    const error = await client({ timeoutMs: 100, readRetries: 1 })
      .request({ method: 'GET', path: '/slow', schema: okSchema })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(hits).toHaveLength(2);
  });

  it('keeps a read within its deadline, retries and waits included', async () => {
    handler = () => undefined;
    const error = await client({ timeoutMs: 200, readRetries: 5, deadlineMs: 450, maxRateLimitWaitMs: 0 })
      .request({ method: 'GET', path: '/slow', schema: okSchema })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout' });
    // Two full attempts fit in 450 ms and a third gets only what is left, if that is worth it;
    // without the deadline all six would be sent.
    expect(hits.length).toBeGreaterThanOrEqual(2);
    expect(hits.length).toBeLessThanOrEqual(3);
  });

  it('reports an unreachable service as a network error', async () => {
    const unreachable = new UpstreamClient({
      baseUrl: 'http://127.0.0.1:9',
      accessToken: 't',
      readRetries: 0,
      log: () => undefined,
    });
    await expect(unreachable.request({ method: 'GET', path: '/x' })).rejects.toMatchObject({ kind: 'network' });
  });

  it('says a timed-out change may have been applied, so the operator checks before trying again', async () => {
    handler = () => undefined;
    const error = await client({ timeoutMs: 100 })
      .request({ method: 'POST', path: '/admin/ra/message/m1/reprocess' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', mayHaveApplied: true });
    expect(describeUpstreamError(error as UpstreamError).guidance).toMatch(/may or may not have been applied/);
    expect(hits).toHaveLength(1);
    // A read that timed out changed nothing; a change that never left changed nothing.
    const read = await client({ timeoutMs: 100, readRetries: 0 })
      .request({ method: 'GET', path: '/slow' })
      .catch((e: unknown) => e);
    expect(describeUpstreamError(read as UpstreamError).guidance).toMatch(/did not answer in time. Retry/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = new UpstreamClient({ baseUrl: `http://127.0.0.1:${port}`, accessToken: 't', log: () => undefined });
    await expect(refused.request({ method: 'POST', path: '/x' })).rejects.toMatchObject({
      kind: 'network',
      mayHaveApplied: false,
    });
  });

  it('waits for X-RateLimit-Reset after a 429 on a read, then succeeds', async () => {
    let resetAt = 0;
    handler = (_req, res, hit) => {
      if (hit === 1) {
        resetAt = Math.ceil(Date.now() / 1000);
        return json(
          res,
          429,
          { success: false, errmsg: 'rate limit exceeded' },
          {
            'x-ratelimit-limit': '5',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(resetAt),
          },
        );
      }
      json(
        res,
        200,
        { ok: true },
        { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset': String(resetAt + 1) },
      );
    };
    const response = await client({ maxRateLimitWaitMs: 2_000 }).request({
      method: 'GET',
      path: '/x',
      schema: okSchema,
    });
    expect(hits).toHaveLength(2);
    expect(Date.now()).toBeGreaterThanOrEqual(resetAt * 1000);
    expect(response.rateLimit).toEqual({ limit: 5, remaining: 4, resetAt: (resetAt + 1) * 1000 });
  });

  it('does not wait for a reset further away than allowed: a typed rate_limited error with the headers', async () => {
    const resetAt = Math.ceil(Date.now() / 1000) + 60;
    handler = (_req, res) =>
      json(
        res,
        429,
        { success: false, errmsg: 'slow down' },
        {
          'x-ratelimit-limit': '5',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(resetAt),
        },
      );
    const error = await client({ maxRateLimitWaitMs: 1_000 })
      .request({ method: 'GET', path: '/x', schema: okSchema })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      rateLimit: { limit: 5, remaining: 0, resetAt: resetAt * 1000 },
    });
    expect(hits).toHaveLength(1);
  });

  it('turns a body that breaks the contract into invalid_response, naming the field', async () => {
    handler = (_req, res) => json(res, 200, { ok: 'yes' });
    const error = await client()
      .request({ method: 'GET', path: '/x', schema: okSchema })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200 });
    expect((error as UpstreamError).serviceMessage).toContain('ok');
  });

  it('turns malformed JSON into invalid_response', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok": tru');
    };
    await expect(client().request({ method: 'GET', path: '/x', schema: okSchema })).rejects.toMatchObject({
      kind: 'invalid_response',
    });
  });

  it('describes a failure for the browser without the token', async () => {
    handler = (_req, res) => json(res, 403, { success: false, requestId: 'rid-3', errmsg: 'forbidden here' });
    const error = (await client()
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e)) as UpstreamError;
    const failure = describeUpstreamError(error);
    expect(failure).toEqual({
      kind: 'forbidden',
      status: 403,
      requestId: 'rid-3',
      message: 'forbidden here',
      guidance: expect.any(String),
    });
    expect(JSON.stringify(failure)).not.toContain('token-abc');
  });
});

describe('/admin/ra reads', () => {
  const user = { id: 'usr_1', email: 'a@example.com', verified: true, created_at: '2026-01-01T00:00:00Z' };

  it('encodes the list query and reads the total from Content-Range', async () => {
    handler = (_req, res) => json(res, 200, [user], { 'content-range': 'users 0-0/319' });
    const result = await listRecords(
      client(),
      'users',
      { sort: { field: 'email', order: 'ASC' }, range: { start: 0, end: 24 }, filter: { q: 'a' } },
      userSchema,
    );
    expect(result.total).toBe(319);
    expect(result.rows[0]?.email).toBe('a@example.com');
    const url = new URL(hits[0]!.url, baseUrl);
    expect(url.pathname).toBe('/admin/ra/users');
    expect(url.searchParams.get('sort')).toBe('["email","ASC"]');
    expect(url.searchParams.get('range')).toBe('[0,24]');
    expect(url.searchParams.get('filter')).toBe('{"q":"a"}');
  });

  it('counts with a one-row range', async () => {
    handler = (_req, res) => json(res, 200, [user], { 'content-range': 'users 0-0/42' });
    expect(await countRecords(client(), 'users')).toBe(42);
    expect(new URL(hits[0]!.url, baseUrl).searchParams.get('range')).toBe('[0,0]');
  });

  it('rejects a list answer without a total', async () => {
    handler = (_req, res) => json(res, 200, [user]);
    await expect(listRecords(client(), 'users', {}, userSchema)).rejects.toMatchObject({ kind: 'invalid_response' });
  });
});

describe('ids in service paths', () => {
  it('are one encoded segment each', async () => {
    expect(pathSegment('msg/1?x#y')).toBe('msg%2F1%3Fx%23y');
    handler = (_req, res) => json(res, 200, { id: 'a b' });
    await getRecord(client(), 'users', 'a b', z.looseObject({ id: z.string() }));
    expect(new URL(hits[0]!.url, baseUrl).pathname).toBe('/admin/ra/users/a%20b');
  });

  it('refuse "." and "..", which URL parsing would turn into another endpoint, before any call', async () => {
    expect(() => pathSegment('..')).toThrow(/cannot be a segment/);
    await expect(setUserVerified(client(), '..')).rejects.toThrow(/cannot be a segment/);
    await expect(getRecord(client(), 'users', '.', z.unknown())).rejects.toThrow(/cannot be a segment/);
    expect(hits).toHaveLength(0);
  });
});

describe('operations whose success body the spec does not list', () => {
  it('return the record when the answer carries it, and null for any other 2xx answer', async () => {
    const message = {
      id: 'm1',
      message_guid: 'm1',
      creator_guid: null,
      workspace_guid: null,
      channel_guids: [],
      status: 'processing',
      message_ts: 1,
      last_updated_at: 2,
    };
    handler = (_req, res) => json(res, 200, { success: true, message });
    expect(await messageOperation(client(), 'message.reprocess', 'm1')).toMatchObject({
      id: 'm1',
      status: 'processing',
    });
    handler = (_req, res) => json(res, 200, { success: true });
    expect(await messageOperation(client(), 'message.reprocess', 'm1')).toBeNull();
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('OK');
    };
    expect(await messageOperation(client(), 'message.reprocess', 'm1')).toBeNull();
    // A refusal is still a refusal.
    handler = (_req, res) => json(res, 400, { success: false, errmsg: 'no HLS audio' });
    await expect(messageOperation(client(), 'message.reprocess', 'm1')).rejects.toMatchObject({ kind: 'bad_request' });
  });
});

describe('X-RateLimit-Reset', () => {
  it('is read as epoch seconds, or as seconds from now when too small to be a time', () => {
    const now = Date.UTC(2026, 10, 22, 9, 0, 0);
    expect(rateLimitResetAt(now / 1000 + 30, now)).toBe(now + 30_000);
    expect(rateLimitResetAt(30, now)).toBe(now + 30_000);
    // Answers a moment apart in one window name the same reset.
    expect(rateLimitResetAt(30, now + 250)).toBe(now + 31_000);
    expect(rateLimitResetAt(29, now + 250)).toBe(now + 30_000);
  });
});
