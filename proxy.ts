/**
 * Runs before every page, action and API request: security headers with a per-request CSP
 * nonce, the path for sign-in redirects, the session's age, idle and sign-out checks, and the
 * transparent refresh of the service's access token (the only place that can rewrite the session
 * cookie; see lib/auth/session-cookie/refresh.ts). Prefetches pass through here too, for their headers; what
 * counts as the operator's activity is decided in lib/auth/background-request.ts.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { activityGranularityMs, isOperatorActivity } from '@/lib/auth/background-request';
import {
  needsRefresh,
  refreshSessionToken,
  sessionReadable,
  sessionCookieWrites,
  decodeSessionToken,
  encodeSessionToken,
  expiredSessionCookie,
  readSessionCookie,
  sessionCookieAttributes,
  sessionCookieName,
  sessionExpired,
  sessionIdleTimeoutMs,
  sessionMaxAgeSeconds,
  type SessionToken,
} from '@/lib/auth/session-cookie';
import { REQUEST_PATH_HEADER } from '@/lib/auth/request-path';
import { consoleEnv } from '@/lib/env';
import { noteOperator } from '@/lib/observability/request-context';
import { contentSecurityPolicy, createNonce, securityHeaders } from '@/lib/security/headers';

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const https = consoleEnv().NEXTAUTH_URL.startsWith('https://');
  const nonce = createNonce();
  const csp = contentSecurityPolicy(nonce, {
    development: process.env.NODE_ENV === 'development',
    https,
    imageOrigins: consoleEnv().CONSOLE_IMAGE_ORIGINS,
  });
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
  else if (session) writeSessionCookie(request, response, session);

  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(securityHeaders({ https }))) response.headers.set(name, value);
  return response;
}

/**
 * Ends sessions past their maximum age or idle timeout and signed-out ones, refreshes the access
 * token when it is about to expire and records the operator's activity. Returns the new cookie value (also written into the
 * forwarded request, so this very request runs with it), 'ended', or null when nothing changes.
 */
async function updateSession(request: NextRequest, forwarded: Headers): Promise<string | 'ended' | null> {
  // next-auth's own routes manage the cookie themselves (sign-in, sign-out).
  if (request.nextUrl.pathname.startsWith('/api/auth/')) return null;
  const token = await decodeSessionToken(readSessionCookie(request.cookies));
  if (!token) return null;
  noteOperator(token.sub);
  const now = Date.now();
  const readable = sessionExpired(token, now) ? 'revoked' : await sessionReadable(token);
  if (readable === 'revoked') {
    forwardCookies(request, forwarded, null);
    return 'ended';
  }
  // The database could not say: pages refuse the session for now, the cookie stays as it is.
  if (readable === 'unknown') return null;
  let updated: SessionToken | null = null;
  if (needsRefresh(token, now)) {
    const outcome = await refreshSessionToken(token);
    if (outcome.kind === 'rejected') {
      forwardCookies(request, forwarded, null);
      return 'ended';
    }
    if (outcome.kind === 'refreshed') updated = outcome.token;
  }
  if (
    isOperatorActivity(request, [new URL(consoleEnv().NEXTAUTH_URL).origin, request.nextUrl.origin]) &&
    (updated || now - (token.lastSeenAt ?? 0) >= activityGranularityMs(sessionIdleTimeoutMs()))
  ) {
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
  const others = request.cookies
    .getAll()
    .filter((cookie) => cookie.name !== name && !cookie.name.startsWith(`${name}.`));
  const cookies = others.map((cookie) => `${cookie.name}=${cookie.value}`);
  if (sessionValue) cookies.push(`${name}=${sessionValue}`);
  forwarded.set('cookie', cookies.join('; '));
}

/** Sets the session cookie, in chunks when it is too long for one (lib/auth/session-cookie/chunks.ts). */
function writeSessionCookie(request: NextRequest, response: NextResponse, value: string): void {
  const existing = request.cookies.getAll().map((cookie) => cookie.name);
  for (const write of sessionCookieWrites(sessionCookieName(), value, existing)) {
    if (write.delete) response.cookies.set(expiredSessionCookie(write.name));
    else
      response.cookies.set(write.name, write.value, { ...sessionCookieAttributes(), maxAge: sessionMaxAgeSeconds() });
  }
}

function clearSessionCookie(request: NextRequest, response: NextResponse): void {
  const name = sessionCookieName();
  for (const cookie of request.cookies.getAll()) {
    if (cookie.name === name || cookie.name.startsWith(`${name}.`))
      response.cookies.set(expiredSessionCookie(cookie.name));
  }
}

// Prefetches included: their responses need the security headers like any other. The
// exclusions are exact (Next's build assets, its image endpoint, the icon): any other path that
// merely starts like one of them is rendered by the console and needs the headers too.
export const config = {
  matcher: ['/((?!_next/static/|_next/image$|favicon\\.ico$).*)'],
};
