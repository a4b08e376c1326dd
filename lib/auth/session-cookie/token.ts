/**
 * What the console keeps in its encrypted session cookie, and how it reads and writes it.
 * The cookie holds the service's tokens; the browser can neither read nor forge it, and the
 * session JSON that next-auth serves to the browser never includes them (see lib/auth/options.ts).
 */
import { EncryptJWT, jwtDecrypt, type JWTPayload } from 'jose';
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

function overHttps(): boolean {
  return consoleEnv().NEXTAUTH_URL.startsWith('https://');
}

export function sessionCookieName(): string {
  return overHttps() ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
}

/** The attributes the session cookie is set with, and must be deleted with. */
export function sessionCookieAttributes() {
  return { httpOnly: true, sameSite: 'lax' as const, secure: overHttps(), path: '/' };
}

/** Deletes a session cookie. A `__Secure-` cookie removed without `Secure` is refused by browsers and would outlive the sign-out. */
export function expiredSessionCookie(name: string) {
  return { name, value: '', maxAge: 0, ...sessionCookieAttributes() };
}

interface CookieSource {
  getAll(): { name: string; value: string }[];
}

/** The session cookie's value, joined from next-auth's chunks (`name.0`, `name.1`) if split. */
export function readSessionCookie(cookies: CookieSource): string | null {
  const name = sessionCookieName();
  const all = cookies.getAll();
  // Chunks win over a single cookie left behind (a lost deletion must not corrupt the join).
  const chunks = all
    .filter((cookie) => cookie.name.startsWith(`${name}.`) && /^\d+$/.test(cookie.name.slice(name.length + 1)))
    .sort((a, b) => Number(a.name.slice(name.length + 1)) - Number(b.name.slice(name.length + 1)));
  if (chunks.length > 0) return chunks.map((cookie) => cookie.value).join('');
  return all.find((cookie) => cookie.name === name)?.value ?? null;
}

/**
 * next-auth 4's session JWT, so that its routes, the proxy and the pages read each other's
 * cookies: a JWE ("dir", A256GCM) under a key derived from the secret by HKDF-SHA256 (empty salt,
 * next-auth's info string). next-auth derives that key on every call, which was most of the cost
 * of opening a cookie (profiled); here it is derived once per secret.
 */
const KEY_INFO = 'NextAuth.js Generated Encryption Key';
const CLOCK_TOLERANCE_SECONDS = 15;
const derivedKeys = new Map<string, Promise<Uint8Array>>();

function encryptionKey(secret: string): Promise<Uint8Array> {
  let key = derivedKeys.get(secret);
  if (!key) {
    const text = new TextEncoder();
    key = crypto.subtle
      .importKey('raw', text.encode(secret), 'HKDF', false, ['deriveBits'])
      .then((material) =>
        crypto.subtle.deriveBits(
          { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: text.encode(KEY_INFO) },
          material,
          256,
        ),
      )
      .then((bits) => new Uint8Array(bits));
    derivedKeys.set(secret, key);
  }
  return key;
}

/** Seals a payload as a session JWT that expires in `maxAgeSeconds`. */
export async function sealSessionJwt(
  payload: Record<string, unknown>,
  secret: string,
  maxAgeSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(now)
    .setExpirationTime(now + maxAgeSeconds)
    .setJti(crypto.randomUUID())
    .encrypt(await encryptionKey(secret));
}

/** Opens a session JWT; throws when it is tampered with, sealed with another secret, or expired. */
export async function openSessionJwt(token: string, secret: string): Promise<JWTPayload> {
  const { payload } = await jwtDecrypt(token, await encryptionKey(secret), { clockTolerance: CLOCK_TOLERANCE_SECONDS });
  return payload;
}

/**
 * Cookies opened lately, by their exact value: every page load opens its cookie twice (the proxy,
 * then the page), and an operator's cookie stays the same for a minute at a time. Only cookies that
 * opened are kept, with the secret they opened under, and a hit is checked against the JWT's own
 * expiry as `jwtDecrypt` would; the same value can only ever open to the same payload.
 */
const OPENED_LIMIT = 256;
const opened = new Map<string, { secret: string; expiresAt: number; token: SessionToken }>();

export async function decodeSessionToken(value: string | null): Promise<SessionToken | null> {
  if (!value) return null;
  const secret = consoleEnv().NEXTAUTH_SECRET;
  const hit = opened.get(value);
  if (hit && hit.secret === secret && Date.now() <= hit.expiresAt) return { ...hit.token };
  try {
    const payload = await openSessionJwt(value, secret);
    const parsed = sessionTokenSchema.safeParse(payload);
    if (!parsed.success) return null;
    if (typeof payload.exp === 'number') {
      if (opened.size >= OPENED_LIMIT) opened.delete(opened.keys().next().value!);
      opened.set(value, { secret, expiresAt: (payload.exp + CLOCK_TOLERANCE_SECONDS) * 1000, token: parsed.data });
    }
    return { ...parsed.data };
  } catch {
    // A cookie from another secret, or tampered with: no session.
    return null;
  }
}

/**
 * The session a request may act under: a valid cookie whose session has not outlived its
 * maximum age or idle timeout. The proxy ends such sessions, but requests it does not see
 * (prefetches skip it) must not outlive them either.
 */
export async function decodeActiveSessionToken(value: string | null, now = Date.now()): Promise<SessionToken | null> {
  const token = await decodeSessionToken(value);
  return token && sessionExpired(token, now) === null ? token : null;
}

export function encodeSessionToken(token: SessionToken): Promise<string> {
  return sealSessionJwt(token, consoleEnv().NEXTAUTH_SECRET, sessionMaxAgeSeconds());
}
