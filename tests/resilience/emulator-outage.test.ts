import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_HEADERS } from '../../emulator/control';
import type { RunningEmulator } from '../../emulator/server';
import { UpstreamClient } from '@/lib/upstream/client';
import { listRecords } from '@/lib/upstream/ra';
import { benchToken, startTestEmulator } from '../support/emulator';

let emulator: RunningEmulator;
const idOnly = z.object({ id: z.string() });

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator.stop();
});

async function reachable(): Promise<boolean> {
  try {
    return (await fetch(`${emulator.url}/healthz`)).ok;
  } catch {
    return false;
  }
}

describe('POST /__control/outage', () => {
  it('refuses connections for the outage, then serves again with the same tokens', async () => {
    const { access_token: token } = await benchToken(emulator);
    const client = new UpstreamClient({
      baseUrl: emulator.url,
      accessToken: token,
      timeoutMs: 1_000,
      readRetries: 0,
      log: () => undefined,
    });
    expect((await listRecords(client, 'users', { range: { start: 0, end: 0 } }, idOnly)).total).toBeGreaterThan(0);

    const answer = await fetch(`${emulator.url}/__control/outage`, {
      method: 'POST',
      headers: { ...CONTROL_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 700 }),
    });
    expect(answer.status).toBe(202);
    await expect.poll(reachable, { timeout: 500, interval: 20 }).toBe(false);
    // The console's view of it: a network failure, never sent, with the request id it used.
    await expect(listRecords(client, 'users', { range: { start: 0, end: 0 } }, idOnly)).rejects.toMatchObject({
      kind: 'network',
    });

    await expect.poll(reachable, { timeout: 5_000, interval: 50 }).toBe(true);
    expect((await listRecords(client, 'users', { range: { start: 0, end: 0 } }, idOnly)).total).toBeGreaterThan(0);
  });

  it('refuses an outage outside 100 ms to 2 minutes', async () => {
    const answer = await fetch(`${emulator.url}/__control/outage`, {
      method: 'POST',
      headers: { ...CONTROL_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 10 }),
    });
    expect(answer.status).toBe(400);
    expect(await reachable()).toBe(true);
  });
});
