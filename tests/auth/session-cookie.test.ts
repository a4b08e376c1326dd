/**
 * The session cookie: next-auth 4's sealed JWT format, read and written by the console's own
 * code (key derived once), and the session lifetime every read enforces. A file of its own:
 * the lifetime test reads the console settings, which are cached per module graph.
 */
import { decode as nextAuthDecode, encode as nextAuthEncode } from 'next-auth/jwt';
import { describe, expect, it, vi } from 'vitest';
import {
  decodeActiveSessionToken,
  decodeSessionToken,
  openSessionJwt,
  sealSessionJwt,
} from '@/lib/auth/session-cookie';

describe('session cookie sealing', () => {
  const secret = 'sealing-secret-0123456789abcdef';
  const payload = { sub: 'usr_1', email: 'ops@example.com', scopes: ['admin'], accessToken: 'at-1', signedInAt: 1 };

  it("reads next-auth's own cookies, and next-auth reads ours", async () => {
    const fromNextAuth = await nextAuthEncode({ token: payload, secret, maxAge: 60 });
    expect(await openSessionJwt(fromNextAuth, secret)).toMatchObject(payload);
    const ours = await sealSessionJwt(payload, secret, 60);
    expect(await nextAuthDecode({ token: ours, secret })).toMatchObject({ ...payload, jti: expect.any(String) });
  });

  it('refuses another secret, a tampered cookie and an expired one', async () => {
    const sealed = await sealSessionJwt(payload, secret, 60);
    await expect(openSessionJwt(sealed, 'another-secret-0123456789abcdef')).rejects.toThrow();
    const [header, key, iv, ciphertext, tag] = sealed.split('.');
    const flipped = `${ciphertext![0] === 'A' ? 'B' : 'A'}${ciphertext!.slice(1)}`;
    await expect(openSessionJwt([header, key, iv, flipped, tag].join('.'), secret)).rejects.toThrow();
    // Past the 15 s clock tolerance.
    const expired = await sealSessionJwt(payload, secret, -30);
    await expect(openSessionJwt(expired, secret)).rejects.toThrow(/exp/);
  });

  it('an active session is one within its maximum age and idle timeout, whatever the JWT expiry', async () => {
    process.env.NEXTAUTH_SECRET = secret;
    const now = Date.now();
    const session = (signedInAt: number, lastSeenAt: number) =>
      sealSessionJwt({ ...payload, signedInAt, lastSeenAt }, secret, 3600);
    expect(await decodeActiveSessionToken(await session(now - 60_000, now - 1_000), now)).toMatchObject({
      email: 'ops@example.com',
    });
    // Idle for 31 minutes (default idle timeout 30) and signed in 13 hours ago (default max age 12 h).
    expect(await decodeActiveSessionToken(await session(now - 60_000, now - 31 * 60_000), now)).toBeNull();
    expect(await decodeActiveSessionToken(await session(now - 13 * 3600_000, now - 1_000), now)).toBeNull();
  });

  it('opens a cookie once while it is valid, and a cookie opened before is still refused past its expiry', async () => {
    process.env.NEXTAUTH_SECRET = secret;
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const sealed = await sealSessionJwt(payload, secret, 60);
      for (let i = 0; i < 3; i++) expect(await decodeSessionToken(sealed)).toMatchObject({ email: 'ops@example.com' });
      expect(decrypt).toHaveBeenCalledTimes(1);
      // Past the JWT's expiry and its 15 s clock tolerance.
      vi.setSystemTime(Date.now() + 76_000);
      expect(await decodeSessionToken(sealed)).toBeNull();
    } finally {
      vi.useRealTimers();
      decrypt.mockRestore();
    }
  });

  it('derives the key once per secret, not per cookie', async () => {
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    try {
      const fresh = 'fresh-secret-0123456789abcdef';
      const sealed = await sealSessionJwt(payload, fresh, 60);
      for (let i = 0; i < 5; i++) await openSessionJwt(sealed, fresh);
      expect(derive).toHaveBeenCalledTimes(1);
    } finally {
      derive.mockRestore();
    }
  });
});
