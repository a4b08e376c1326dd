/**
 * Runs before every page, action and API request: security headers with a per-request CSP
 * nonce, the path for sign-in redirects, the session's age and idle limits, and the transparent
 * refresh of the service's access token (the only place that can rewrite the session cookie;
 * see lib/auth/refresh.ts).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { needsRefresh, refreshSessionToken } from '@/lib/auth/refresh';
import { REQUEST_PATH_HEADER } from '@/lib/auth/request-path';
import {
  decodeSessionToken,
  encodeSessionToken,
  expiredSessionCookie,
  readSessionCookie,
  sessionCookieAttributes,
  sessionCookieName,
  sessionExpired,
  sessionMaxAgeSeconds,
  type SessionToken,
} from '@/lib/auth/session-token';
import { consoleEnv } from '@/lib/env';
import { contentSecurityPolicy, createNonce, securityHeaders } from '@/lib/security/headers';

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const https = consoleEnv().NEXTAUTH_URL.startsWith('https://');
  const nonce = createNonce();
  const csp = contentSecurityPolicy(nonce, { development: process.env.NODE_ENV === 'development', https });
  const forwarded = new Headers(request.headers);
  forwarded.set('x-nonce', nonce);
  forwarded.set('content-security-policy', csp);
  forwarded.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);

  const session = await updateSession(request, forwarded);
  const isPageNavigation = request.method === 'GET' && !request.nextUrl.pathname.startsWith('/api/');

  let response: NextResponse;
  if (session === 'ended' && isPageNavigation) {
    const signIn = new URL('/signin', request.nextUrl);
    signIn.searchParams.set('callbackUrl', request.nextUrl.pathname + request.nextUrl.search);
    signIn.searchParams.set('reason', 'expired');
    response = NextResponse.redirect(signIn);
  } else {
    response = NextResponse.next({ request: { headers: forwarded } });
  }
  if (session === 'ended') clearSessionCookie(request, response);
  else if (session) {
    response.cookies.set(sessionCookieName(), session, { ...sessionCookieAttributes(), maxAge: sessionMaxAgeSeconds() });
  }

  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(securityHeaders({ https }))) response.headers.set(name, value);
  return response;
}

/** Activity is recorded to the minute, so most requests do not rewrite the cookie. */
const LAST_SEEN_GRANULARITY_MS = 60_000;

/**
 * Ends sessions past their maximum age or idle timeout, refreshes the access token when it is
 * about to expire and records activity. Returns the new cookie value (also written into the
 * forwarded request, so this very request runs with it), 'ended', or null when nothing changes.
 */
async function updateSession(request: NextRequest, forwarded: Headers): Promise<string | 'ended' | null> {
  // next-auth's own routes manage the cookie themselves (sign-in, sign-out).
  if (request.nextUrl.pathname.startsWith('/api/auth/')) return null;
  const token = await decodeSessionToken(readSessionCookie(request.cookies));
  if (!token) return null;
  const now = Date.now();
  if (sessionExpired(token, now)) {
    forwardCookies(request, forwarded, null);
    return 'ended';
  }
  let updated: SessionToken | null = null;
  if (needsRefresh(token, now)) {
    const outcome = await refreshSessionToken(token);
    if (outcome.kind === 'rejected') {
      forwardCookies(request, forwarded, null);
      return 'ended';
    }
    if (outcome.kind === 'refreshed') updated = outcome.token;
  }
  if (updated || now - (token.lastSeenAt ?? 0) >= LAST_SEEN_GRANULARITY_MS) {
    updated = { ...(updated ?? token), lastSeenAt: now };
  }
  if (!updated) return null;
  const value = await encodeSessionToken(updated);
  forwardCookies(request, forwarded, value);
  return value;
}

/** Rewrites the forwarded request's cookies with the new session value, or without a session. */
function forwardCookies(request: NextRequest, forwarded: Headers, sessionValue: string | null): void {
  const name = sessionCookieName();
  const others = request.cookies.getAll().filter((cookie) => cookie.name !== name && !cookie.name.startsWith(`${name}.`));
  const cookies = others.map((cookie) => `${cookie.name}=${cookie.value}`);
  if (sessionValue) cookies.push(`${name}=${sessionValue}`);
  forwarded.set('cookie', cookies.join('; '));
}

function clearSessionCookie(request: NextRequest, response: NextResponse): void {
  const name = sessionCookieName();
  for (const cookie of request.cookies.getAll()) {
    if (cookie.name === name || cookie.name.startsWith(`${name}.`)) response.cookies.set(expiredSessionCookie(cookie.name));
  }
}

export const config = {
  matcher: [
    {
      source: '/((?!_next/static|_next/image|favicon.ico).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
