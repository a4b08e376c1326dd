/**
 * The upstream transport's keep-alive race: a reused connection the service has closed. A read
 * is sent again on a new connection; a write is not (the service may have acted before the reset).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '@/lib/upstream/client';

let server: Server;
let base: string;
const received: string[] = [];

beforeAll(async () => {
  // Answers the first request of each connection; resets the connection at its second, unread.
  server = createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    if (socket.served > 1) {
      socket.destroy();
      return;
    }
    received.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (method: string) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: method === 'POST' ? '{}' : undefined,
  signal: AbortSignal.timeout(5_000),
});

describe('send over a reused connection the service closed', () => {
  it('sends a read again on a new connection', async () => {
    received.length = 0;
    expect((await send(`${base}/first`, request('GET'))).status).toBe(200);
    const again = await send(`${base}/second`, request('GET'));
    expect(again).toMatchObject({ status: 200, ok: true, text: '{"ok":true}' });
    expect(received).toEqual(['GET /first', 'GET /second']);
  });

  it("does not send a write twice: the reset is the caller's error", async () => {
    received.length = 0;
    expect((await send(`${base}/read`, request('GET'))).status).toBe(200);
    await expect(send(`${base}/write`, request('POST'))).rejects.toMatchObject({
      code: expect.stringMatching(/^(ECONNRESET|EPIPE)$/),
    });
    expect(received).toEqual(['GET /read']);
  });
});
