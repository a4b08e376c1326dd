import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createServiceCredential,
  machineUpstream,
  ServiceCredentialError,
  JOBS_SETTING_DEFAULTS,
  jobsSettings,
} from '@/lib/jobs/runner';
import { BENCH_CLIENT_ID } from '../../emulator/config';
import type { RunningEmulator } from '../../emulator/server';
import { startTestEmulator } from '../support/emulator';

describe('service credential against the emulator', () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });

  afterAll(async () => {
    await emulator?.stop();
  });

  const credential = (secret = emulator.config.benchClientSecret) =>
    createServiceCredential({
      tokenUrl: `${emulator.url}/oauth/token`,
      clientId: BENCH_CLIENT_ID,
      clientSecret: secret,
    });

  it('gets an admin token by client credentials, caches it and shares one request between callers', async () => {
    const subject = credential();
    emulator.requestLog.clear();
    const [a, b, c] = await Promise.all([subject.token(), subject.token(), subject.token()]);
    expect(a.accessToken).toBeTruthy();
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await subject.token()).toBe(a);
    expect(a.expiresAt).toBeGreaterThan(Date.now() + 60_000);
    // The token works on /admin.
    const upstream = machineUpstream({ baseUrl: emulator.url, credential: subject });
    const client = await upstream.client();
    const response = await client.request({ method: 'GET', path: '/admin/ra/users', query: { range: '[0,0]' } });
    expect(response.status).toBe(200);
    expect(emulator.requestLog.list().at(-1)).toMatchObject({ subject: BENCH_CLIENT_ID, status: 200 });
  });

  it('fetches a new token after invalidate (the service answered 401)', async () => {
    const subject = credential();
    const first = await subject.token();
    subject.invalidate('some other token');
    expect(await subject.token()).toBe(first);
    subject.invalidate(first.accessToken);
    const second = await subject.token();
    expect(second.accessToken).not.toBe(first.accessToken);
  });

  it('names the settings to check when the secret is wrong', async () => {
    const error = await credential('wrong-secret')
      .token()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceCredentialError);
    expect((error as Error).message).toMatch(/invalid_client.*VOICE_JOBS_CLIENT_ID and VOICE_JOBS_CLIENT_SECRET/);
  });

  it('explains an unreachable token endpoint', async () => {
    const subject = createServiceCredential({
      tokenUrl: 'http://127.0.0.1:9/oauth/token',
      clientId: 'x',
      clientSecret: 'y',
    });
    await expect(subject.token()).rejects.toThrow(/Could not reach the token endpoint .*VOICE_TOKEN_URL/);
  });
});

describe('service credential refresh', () => {
  it('refreshes shortly before expiry', async () => {
    let now = 1_000_000;
    let issued = 0;
    const fakeFetch = (async () => {
      issued++;
      return new Response(
        JSON.stringify({ access_token: `t${issued}`, token_type: 'Bearer', expires_in: 300, scope: 'admin' }),
        { status: 200 },
      );
    }) as unknown as typeof fetch;
    const subject = createServiceCredential({
      tokenUrl: 'http://token.invalid',
      clientId: 'c',
      clientSecret: 's',
      now: () => now,
      fetch: fakeFetch,
      refreshMarginMs: 60_000,
    });
    expect((await subject.token()).accessToken).toBe('t1');
    // Margin: min(60 s, a tenth of 300 s) = 30 s before expiry.
    now += 269_000;
    expect((await subject.token()).accessToken).toBe('t1');
    now += 2_000;
    expect((await subject.token()).accessToken).toBe('t2');
  });

  it('refuses a token without the admin scope, and a missing client', async () => {
    const fakeFetch = (async () =>
      new Response(JSON.stringify({ access_token: 'x', token_type: 'Bearer', scope: 'identity' }), {
        status: 200,
      })) as unknown as typeof fetch;
    await expect(
      createServiceCredential({
        tokenUrl: 'http://t.invalid',
        clientId: 'c',
        clientSecret: 's',
        fetch: fakeFetch,
      }).token(),
    ).rejects.toThrow(/without the admin scope/);
    expect(() => createServiceCredential({ tokenUrl: 'http://t.invalid', clientId: '', clientSecret: '' })).toThrow(
      /VOICE_JOBS_CLIENT_ID/,
    );
  });
});

describe('jobs settings', () => {
  it('defaults to the emulator machine client and the documented limits', () => {
    expect(jobsSettings({})).toEqual({
      baseUrl: 'http://127.0.0.1:4010',
      tokenUrl: 'http://127.0.0.1:4010/oauth/token',
      clientId: BENCH_CLIENT_ID,
      clientSecret: 'voice-ops-bench-secret',
      timeoutMs: 10_000,
      concurrency: 4,
      maxAttempts: 4,
      leaseSeconds: 60,
    });
  });

  it('shares VOICE_BASE_URL, VOICE_TOKEN_URL and UPSTREAM_TIMEOUT_MS defaults with lib/env', async () => {
    const saved = { ...process.env };
    try {
      for (const key of ['VOICE_BASE_URL', 'VOICE_TOKEN_URL', 'UPSTREAM_TIMEOUT_MS']) delete process.env[key];
      process.env.NEXTAUTH_SECRET = 'a-test-secret-of-enough-length';
      const { consoleEnv } = await import('@/lib/env');
      const env = consoleEnv();
      expect(JOBS_SETTING_DEFAULTS).toMatchObject({
        VOICE_BASE_URL: env.VOICE_BASE_URL,
        VOICE_TOKEN_URL: env.VOICE_TOKEN_URL,
        UPSTREAM_TIMEOUT_MS: env.UPSTREAM_TIMEOUT_MS,
      });
    } finally {
      process.env = saved;
    }
  });

  it('names every bad setting', () => {
    expect(() =>
      jobsSettings({ JOBS_CONCURRENCY: '0', JOBS_LEASE_SECONDS: 'soon', VOICE_TOKEN_URL: 'ftp://x' }),
    ).toThrow(/JOBS_CONCURRENCY[\s\S]*JOBS_LEASE_SECONDS|VOICE_TOKEN_URL[\s\S]*JOBS_CONCURRENCY/);
  });
});
