import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UpstreamClient, InFlightLimiter, UpstreamError } from '@/lib/upstream/client';
import { autoRetryDelaySeconds } from '@/components/resilience/retry-schedule';

/** A real HTTP server that holds each request until the test lets it go, counting concurrency. */
let server: Server;
let baseUrl: string;
let open = 0;
let peakOpen = 0;
let received = 0;
let held: ServerResponse[] = [];
let hang = false;

function answer(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"ok":true}');
}

beforeAll(async () => {
  server = createServer((_request: IncomingMessage, response: ServerResponse) => {
    received++;
    open++;
    peakOpen = Math.max(peakOpen, open);
    response.on('close', () => open--);
    if (hang) return;
    held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  open = 0;
  peakOpen = 0;
  received = 0;
  held = [];
  hang = false;
});

const okSchema = z.object({ ok: z.boolean() });
const quiet = () => undefined;

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('calls in flight per process', () => {
  it('never has more than the limit at the service; the rest wait in order and all complete', async () => {
    const limiter = new InFlightLimiter(3);
    const client = new UpstreamClient({ baseUrl, accessToken: 't', timeoutMs: 5_000, limiter, log: quiet });
    const calls = Array.from({ length: 10 }, (_, i) =>
      client.request({ method: 'GET', path: `/admin/thing/${i}`, schema: okSchema }),
    );
    await until(() => held.length === 3);
    // Give queued calls every chance to slip past the bound.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toBe(3);
    expect(limiter.stats()).toMatchObject({ inFlight: 3, queued: 7 });
    // Release one at a time: exactly one queued call takes each freed slot.
    while (held.length > 0 || received < 10) {
      await until(() => held.length > 0);
      answer(held.shift()!);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(limiter.stats().inFlight).toBeLessThanOrEqual(3);
    }
    const results = await Promise.all(calls);
    expect(results.every((result) => result.data.ok)).toBe(true);
    expect(received).toBe(10);
    expect(peakOpen).toBe(3);
    expect(limiter.stats()).toEqual({ limit: 3, inFlight: 0, queued: 0, peak: 3 });
  });

  it('a call that times out while queued is never sent and frees nothing it did not hold', async () => {
    const limiter = new InFlightLimiter(1);
    const client = new UpstreamClient({
      baseUrl,
      accessToken: 't',
      timeoutMs: 5_000,
      readRetries: 0,
      limiter,
      log: quiet,
    });
    const first = client.request({ method: 'GET', path: '/admin/first', schema: okSchema });
    await until(() => held.length === 1);
    const hurried = new UpstreamClient({
      baseUrl,
      accessToken: 't',
      timeoutMs: 100,
      readRetries: 0,
      limiter,
      log: quiet,
    });
    const error = await hurried
      .request({ method: 'POST', path: '/admin/write', schema: okSchema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: 'timeout', requestId: undefined, mayHaveApplied: false });
    expect(received).toBe(1);
    answer(held.shift()!);
    await first;
    expect(limiter.stats()).toMatchObject({ inFlight: 0, queued: 0 });
  });

  it('a caller that aborts while queued leaves the queue', async () => {
    const limiter = new InFlightLimiter(1);
    const release = await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    expect(limiter.stats().queued).toBe(1);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(limiter.stats().queued).toBe(0);
    release();
    release();
    expect(limiter.stats().inFlight).toBe(0);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new InFlightLimiter(0)).toThrow();
    expect(() => new InFlightLimiter(1.5)).toThrow();
  });
});

describe('page deadline', () => {
  it('a hung read gives up at the page deadline, not after its retries, with the request id it sent', async () => {
    hang = true;
    const started = Date.now();
    // Alone, this client would wait 2 x 2 s plus a retry; the page allows 600 ms.
    const client = new UpstreamClient({
      baseUrl,
      accessToken: 't',
      timeoutMs: 2_000,
      readRetries: 2,
      deadlineAt: started + 600,
      log: quiet,
    });
    const error = await client
      .request({ method: 'GET', path: '/admin/slow', schema: okSchema })
      .catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect((error as UpstreamError).requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(1_900);
    expect(received).toBe(1);
  });

  it('reads that start after the deadline fail at once without reaching the service', async () => {
    const client = new UpstreamClient({
      baseUrl,
      accessToken: 't',
      timeoutMs: 2_000,
      deadlineAt: Date.now() - 1,
      log: quiet,
    });
    await expect(client.request({ method: 'GET', path: '/admin/late', schema: okSchema })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(received).toBe(0);
  });

  it('reads within the deadline are unaffected', async () => {
    const client = new UpstreamClient({
      baseUrl,
      accessToken: 't',
      timeoutMs: 2_000,
      deadlineAt: Date.now() + 5_000,
      log: quiet,
    });
    const pending = client.request({ method: 'GET', path: '/admin/quick', schema: okSchema });
    await until(() => held.length === 1);
    answer(held.shift()!);
    await expect(pending).resolves.toMatchObject({ data: { ok: true } });
  });
});

describe('a failed page re-reads itself', () => {
  it('after 5, 10, then every 15 s for failures that can pass, never for the others', () => {
    expect([0, 1, 2, 3, 9].map((attempt) => autoRetryDelaySeconds('network', attempt))).toEqual([5, 10, 15, 15, 15]);
    for (const kind of ['server', 'timeout', 'rate_limited'] as const) expect(autoRetryDelaySeconds(kind, 0)).toBe(5);
    for (const kind of ['unauthorized', 'forbidden', 'not_found', 'bad_request', 'invalid_response'] as const) {
      expect(autoRetryDelaySeconds(kind, 0)).toBeNull();
    }
  });
});
