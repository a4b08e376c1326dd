/**
 * Runs before every page, action and API request: security headers with a per-request CSP
 * nonce, the path for sign-in redirects, and the transparent refresh of the service's access
 * token (the only place that can rewrite the session cookie; see lib/auth/refresh.ts).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { needsRefresh, refreshSessionToken } from '@/lib/auth/refresh';
import { REQUEST_PATH_HEADER } from '@/lib/auth/request-path';
import {
  SESSION_MAX_AGE_SECONDS,
  decodeSessionToken,
  encodeSessionToken,
  readSessionCookie,
  sessionCookieName,
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

  const session = await refreshIfDue(request, forwarded);
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
    response.cookies.set(sessionCookieName(), session, {
      httpOnly: true,
      sameSite: 'lax',
      secure: https,
      path: '/',
      maxAge: SESSION_MAX_AGE_SECONDS,
    });
  }

  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(securityHeaders({ https }))) response.headers.set(name, value);
  return response;
}

/**
 * Refreshes the access token when it is about to expire. Returns the new cookie value (also
 * written into the forwarded request, so this very request renders with the new token),
 * 'ended' when the session is over, or null when nothing changes.
 */
async function refreshIfDue(request: NextRequest, forwarded: Headers): Promise<string | 'ended' | null> {
  // next-auth's own routes manage the cookie themselves (sign-in, sign-out).
  if (request.nextUrl.pathname.startsWith('/api/auth/')) return null;
  const token = await decodeSessionToken(readSessionCookie(request.cookies));
  if (!token) return null;
  if (Date.now() - token.signedInAt > SESSION_MAX_AGE_SECONDS * 1000) return 'ended';
  if (!needsRefresh(token)) return null;
  const outcome = await refreshSessionToken(token);
  if (outcome.kind === 'rejected') return 'ended';
  if (outcome.kind === 'unavailable') return null;
  const value = await encodeSessionToken(outcome.token);
  const name = sessionCookieName();
  const others = request.cookies.getAll().filter((cookie) => cookie.name !== name && !cookie.name.startsWith(`${name}.`));
  forwarded.set('cookie', [...others.map((c) => `${c.name}=${c.value}`), `${name}=${value}`].join('; '));
  return value;
}

function clearSessionCookie(request: NextRequest, response: NextResponse): void {
  const name = sessionCookieName();
  for (const cookie of request.cookies.getAll()) {
    if (cookie.name === name || cookie.name.startsWith(`${name}.`)) response.cookies.delete(cookie.name);
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
