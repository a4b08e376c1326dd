/**
 * Traces at node level: with an OTLP endpoint, a unit of work is one trace whose children are its
 * service calls (with the service's request id) and database queries, sent as OTLP JSON.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTracing } from '@/lib/observability/otel';
import { tracedQuery, withSpan } from '@/lib/observability/tracing';
import { UpstreamClient } from '@/lib/upstream/client';

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Array<{ key: string; value: { stringValue?: string } }>;
}

const received: Span[] = [];
let collector: Server;
let service: Server;
const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: Span[] }> }> };
      for (const resource of parsed.resourceSpans)
        for (const scope of resource.scopeSpans) received.push(...scope.spans);
      response.end('{}');
    });
  });
  service = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'svc-request-1' }).end('{"ok":true}');
  });
});

afterAll(() => {
  collector.close();
  service.close();
});

describe('tracing', () => {
  it('makes one trace of a unit of work, with its service calls and queries as children', async () => {
    const stop = await startTracing(await listen(collector), 'console-test');
    const client = new UpstreamClient({ baseUrl: await listen(service), accessToken: 'token' });
    await withSpan('GET /stuck', { root: true }, async () => {
      await client.request({ method: 'GET', path: '/admin/ra/messages', schema: z.object({ ok: z.boolean() }) });
      await tracedQuery('SELECT 1', async () => 1);
    });
    await stop();
    const root = received.find((span) => span.name === 'GET /stuck')!;
    expect(root.parentSpanId).toBe('');
    const call = received.find((span) => span.name === 'service GET /admin/ra/messages')!;
    expect(call.traceId).toBe(root.traceId);
    expect(call.parentSpanId).toBe(root.spanId);
    expect(call.attributes.find((attribute) => attribute.key === 'service.request_id')?.value.stringValue).toBe(
      'svc-request-1',
    );
    const query = received.find((span) => span.name === 'db SELECT')!;
    expect(query.parentSpanId).toBe(root.spanId);
  });
});
