/** The HTTP server hook: a request id per request, the peer in the request context, the request metric. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { installHttpHook, requestKind } from '@/lib/observability/http-server';
import { metrics } from '@/lib/observability/metrics';
import { currentRequest } from '@/lib/observability/request-context';

describe('the HTTP server hook', () => {
  it('opens a request context with an id and the peer, answers the id, and counts the request', async () => {
    installHttpHook();
    let seen: ReturnType<typeof currentRequest>;
    const server = createServer((_request, response) => {
      // Seen after an await too: the context follows the request's async work.
      void Promise.resolve().then(() => {
        seen = currentRequest();
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const count = async () =>
      (await metrics().registry.getSingleMetricAsString('console_http_request_duration_seconds')).match(
        /_count\{kind="page",method="GET",status="200"\} (\d+)/,
      )?.[1] ?? '0';
    const before = Number(await count());
    try {
      const generated = await fetch(`${url}/stuck`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(seen?.requestId).toBe(generated.headers.get('x-request-id'));
      expect(seen?.peer).toMatch(/127\.0\.0\.1$/);
      const given = await fetch(`${url}/stuck`, { headers: { 'x-request-id': 'proxy-request-0001' } });
      expect(given.headers.get('x-request-id')).toBe('proxy-request-0001');
      const hostile = await fetch(`${url}/stuck`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
      expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(Number(await count())).toBe(before + 3);
    } finally {
      server.close();
    }
  });

  it('labels requests by kind', () => {
    expect(requestKind('GET', '/_next/static/chunks/a.js', {})).toBe('asset');
    expect(requestKind('POST', '/stuck', { 'next-action': 'abc' })).toBe('action');
    expect(requestKind('GET', '/api/health', {})).toBe('api');
    expect(requestKind('GET', '/stuck', {})).toBe('page');
  });
});
