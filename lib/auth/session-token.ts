/**
 * What the console keeps in its encrypted session cookie, and how it reads and writes it.
 * The cookie holds the service's tokens; the browser can neither read nor forge it, and the
 * session JSON that next-auth serves to the browser never includes them (see options.ts).
 */
import { decode, encode } from 'next-auth/jwt';
import { z } from 'zod';
import { consoleEnv } from '@/lib/env';

export const sessionTokenSchema = z.looseObject({
  sub: z.string(),
  email: z.string(),
  name: z.string().nullable().optional(),
  scopes: z.array(z.string()),
  /** Present only for sessions with the admin scope: nothing else needs them. */
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  /** Epoch milliseconds. */
  accessTokenExpiresAt: z.number().optional(),
  /** The access token's lifetime when issued, seconds; sets how early it is refreshed. */
  accessTokenLifetime: z.number().optional(),
  /** Epoch milliseconds of the sign-in. */
  signedInAt: z.number(),
  /** Epoch milliseconds of the last request, to end idle sessions (to the minute). */
  lastSeenAt: z.number().optional(),
});
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** The longest a session lives after sign-in, whatever the activity, in seconds. */
export function sessionMaxAgeSeconds(): number {
  return consoleEnv().CONSOLE_SESSION_MAX_AGE_HOURS * 3600;
}

/** A session unused for this long ends, in milliseconds. */
export function sessionIdleTimeoutMs(): number {
  return consoleEnv().CONSOLE_SESSION_IDLE_MINUTES * 60_000;
}

/** Whether a session has outlived its maximum age or its idle timeout. */
export function sessionExpired(token: SessionToken, now = Date.now()): 'max-age' | 'idle' | null {
  if (now - token.signedInAt > sessionMaxAgeSeconds() * 1000) return 'max-age';
  if (now - (token.lastSeenAt ?? token.signedInAt) > sessionIdleTimeoutMs()) return 'idle';
  return null;
}

export function sessionCookieName(): string {
  return consoleEnv().NEXTAUTH_URL.startsWith('https://') ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
}

interface CookieSource {
  getAll(): { name: string; value: string }[];
}

/** The session cookie's value, joined from next-auth's chunks (`name.0`, `name.1`) if split. */
export function readSessionCookie(cookies: CookieSource): string | null {
  const name = sessionCookieName();
  const parts = cookies
    .getAll()
    .filter((cookie) => cookie.name === name || cookie.name.startsWith(`${name}.`))
    .sort((a, b) => Number(a.name.split('.').pop()) - Number(b.name.split('.').pop()));
  return parts.length === 0 ? null : parts.map((cookie) => cookie.value).join('');
}

export async function decodeSessionToken(value: string | null): Promise<SessionToken | null> {
  if (!value) return null;
  try {
    const payload = await decode({ token: value, secret: consoleEnv().NEXTAUTH_SECRET });
    const parsed = sessionTokenSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    // A cookie from another secret, or tampered with: no session.
    return null;
  }
}

export function encodeSessionToken(token: SessionToken): Promise<string> {
  return encode({ token, secret: consoleEnv().NEXTAUTH_SECRET, maxAge: sessionMaxAgeSeconds() });
}
