import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleDb } from '@/lib/db';
import { probeDatabase, readiness, type DatabaseProbe } from '@/lib/health/readiness';
import { probeService, type ServiceProbe } from '@/lib/upstream/health';

let server: Server;
let baseUrl: string;
let status = 401;
let hang = false;

beforeAll(async () => {
  server = createServer((_request, response) => {
    if (hang) return;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end('{"errmsg":"no token"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A port nothing listens on: a server opened and closed again. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function fakeDb(query: () => Promise<unknown[]>): ConsoleDb {
  return {
    kind: 'postgres',
    query: query as ConsoleDb['query'],
    transaction: () => Promise.reject(new Error('unused')),
    close: () => Promise.resolve(),
  };
}

describe('service probe', () => {
  it('a service that answers, even 401 without a token, is reachable', async () => {
    status = 401;
    expect(await probeService(baseUrl, 1_000)).toMatchObject({ ok: true, status: 401 });
  });

  it('a 5xx is a service error; a closed port is unreachable; a hang is a timeout', async () => {
    status = 503;
    expect(await probeService(baseUrl, 1_000)).toMatchObject({ ok: false, status: 503, problem: 'server error' });
    status = 200;
    expect(await probeService(`http://127.0.0.1:${await closedPort()}`, 1_000)).toMatchObject({
      ok: false,
      status: null,
      problem: 'unreachable',
    });
    hang = true;
    try {
      expect(await probeService(baseUrl, 150)).toMatchObject({ ok: false, status: null, problem: 'timeout' });
    } finally {
      hang = false;
    }
  });
});

describe('database probe', () => {
  it('ready when a query answers; unavailable when opening or querying fails; a timeout when it hangs', async () => {
    expect(await probeDatabase(async () => fakeDb(async () => [{ ready: 1 }]))).toMatchObject({
      ok: true,
      kind: 'postgres',
    });
    expect(
      await probeDatabase(async () =>
        fakeDb(() => Promise.reject(new Error('password authentication failed for user "console" at db.internal'))),
      ),
    ).toEqual({ ok: false, kind: 'postgres', latencyMs: expect.any(Number), problem: 'unavailable' });
    expect(await probeDatabase(() => Promise.reject(new Error('data directory in use')))).toMatchObject({
      ok: false,
      kind: null,
      problem: 'unavailable',
    });
    expect(await probeDatabase(async () => fakeDb(() => new Promise(() => undefined)), 100)).toMatchObject({
      ok: false,
      problem: 'timeout',
    });
  });
});

describe('readiness', () => {
  const up: ServiceProbe = { ok: true, latencyMs: 3, status: 401 };
  const down: ServiceProbe = { ok: false, latencyMs: 1, status: null, problem: 'unreachable' };
  const dbUp: DatabaseProbe = { ok: true, latencyMs: 1, kind: 'pglite' };
  const dbDown: DatabaseProbe = { ok: false, latencyMs: 1, kind: 'postgres', problem: 'unavailable' };

  it('reports the service and the database apart, ready only when both are', async () => {
    expect(await readiness({ service: async () => up, database: async () => dbUp })).toEqual({
      ok: true,
      service: up,
      database: dbUp,
    });
    expect(await readiness({ service: async () => down, database: async () => dbUp })).toMatchObject({
      ok: false,
      service: { ok: false },
      database: { ok: true },
    });
    expect(await readiness({ service: async () => up, database: async () => dbDown })).toMatchObject({
      ok: false,
      service: { ok: true },
      database: { ok: false },
    });
  });
});

describe('GET /api/health', () => {
  it('liveness answers without checking anything; ?ready=1 answers 200 or 503 with both parts and no address or secret', async () => {
    const readinessMock = vi.fn();
    vi.doMock('@/lib/health/readiness', () => ({ readiness: readinessMock }));
    const { GET } = await import('@/app/api/health/route');

    const live = await GET(new Request('http://console.test/api/health'));
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ ok: true });
    expect(readinessMock).not.toHaveBeenCalled();

    // The real probes, with the real service probe pointed at a closed port.
    const port = await closedPort();
    const { readiness: real } =
      await vi.importActual<typeof import('@/lib/health/readiness')>('@/lib/health/readiness');
    readinessMock.mockImplementation(() =>
      real({
        service: () => probeService(`http://127.0.0.1:${port}`, 500),
        database: () =>
          probeDatabase(async () => fakeDb(() => Promise.reject(new Error('secret-password@db.internal')))),
      }),
    );
    const notReady = await GET(new Request('http://console.test/api/health?ready=1'));
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get('cache-control')).toBe('no-store');
    const body = await notReady.text();
    expect(JSON.parse(body)).toMatchObject({
      ok: false,
      service: { ok: false, problem: 'unreachable' },
      database: { ok: false, problem: 'unavailable' },
    });
    expect(body).not.toContain(String(port));
    expect(body).not.toContain('secret-password');
    expect(body).not.toContain('db.internal');

    readinessMock.mockImplementation(() =>
      real({
        service: () => probeService(baseUrl, 1_000),
        database: () => probeDatabase(async () => fakeDb(async () => [])),
      }),
    );
    const ready = await GET(new Request('http://console.test/api/health?ready=1'));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      ok: true,
      service: { ok: true },
      database: { ok: true, kind: 'postgres' },
    });
    vi.doUnmock('@/lib/health/readiness');
  });
});
