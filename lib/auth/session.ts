/**
 * The signed-in operator, for server components, server actions and route handlers.
 * Every page and action asks here; none trusts that the browser hid a button.
 */
import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import {
  type UpstreamClient,
  consoleUpstreamClient,
  pageDeadlineFromNow,
  describeUpstreamError,
  isUpstreamError,
  type UpstreamFailure,
} from '@/lib/upstream/client';
import { REQUEST_PATH_HEADER } from './request-path';
import { configuredRoleSettings, type Operator } from './roles/operator';
import { getConsoleDb } from '@/lib/db';
import { pageOperator } from '@/lib/operators/roles';
import { sessionReadable } from './session-cookie/check';
import { decodeActiveSessionToken, readSessionCookie, type SessionToken } from './session-cookie/token';
import { noteOperator } from '@/lib/observability/request-context';

export type { Operator };

/**
 * The active session of the request, decrypted once however many layouts and pages ask: within
 * its age and idle limits, and not signed out (a copied cookie of a signed-out session is refused).
 */
export const readToken = cache(async (): Promise<SessionToken | null> => {
  const token = await decodeActiveSessionToken(readSessionCookie(await cookies()));
  if (!token || (await sessionReadable(token)) !== 'active') return null;
  // The request's log lines name the operator from here on.
  noteOperator(token.sub);
  return token;
});

/**
 * The operator of the request's session, for drawing pages and route handlers' reads, with the
 * role as the page read cache has it (lib/operators/roles.ts: actions read it afresh).
 */
export const getOperator = cache(async (): Promise<Operator | null> => {
  const token = await readToken();
  return token ? pageOperator(await getConsoleDb(), token, configuredRoleSettings()) : null;
});

/** The sign-in URL that brings the operator back to the page being rendered. */
export async function signInUrl(): Promise<string> {
  const path = (await headers()).get(REQUEST_PATH_HEADER) ?? '/';
  const callbackUrl = path.startsWith('/') && !path.startsWith('//') ? path : '/';
  return `/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}

export async function redirectToSignIn(): Promise<never> {
  redirect(await signInUrl());
}

/**
 * The deadline of the request being rendered, fixed when it first asks: every read of the page,
 * in layouts and page alike, ends by then (UPSTREAM_PAGE_DEADLINE_MS).
 */
const pageDeadline = cache((): number => pageDeadlineFromNow());

/**
 * One client per request for the operator's token, so the layout, the page and its parts share
 * its reads in flight (an identical read is sent once, see UpstreamClient.request).
 */
const pageClient = cache(
  (accessToken: string): UpstreamClient =>
    consoleUpstreamClient(accessToken, undefined, { deadlineAt: pageDeadline() }),
);

/**
 * For console pages: the operator with the admin scope and a client bound to their token.
 * No session: to sign-in. A session without the admin scope: to the page that says so, and no
 * call to the service is made for it.
 */
export async function requireAdminSession(): Promise<{ operator: Operator; upstream: UpstreamClient }> {
  const token = await readToken();
  if (!token) return redirectToSignIn();
  const operator = await getOperator();
  if (!operator) return redirectToSignIn();
  if (!operator.hasAdminScope || !token.accessToken) redirect('/admin-scope-required');
  return { operator, upstream: pageClient(token.accessToken) };
}

export type ServiceRead<T> = { ok: true; data: T } | { ok: false; failure: UpstreamFailure };

/**
 * Runs a page's read of the service. A rejected token sends the operator to sign in (and back);
 * any other service failure becomes a failure the page shows with its request id, instead of
 * an exception page.
 */
export async function readFromService<T>(read: Promise<T>): Promise<ServiceRead<T>> {
  try {
    return { ok: true, data: await read };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.kind === 'unauthorized') return redirectToSignIn();
    return { ok: false, failure: describeUpstreamError(error) };
  }
}
