'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import {
  endSession,
  decodeSessionToken,
  expiredSessionCookie,
  readSessionCookie,
  sessionCookieName,
} from '@/lib/auth/session-cookie';

/**
 * Ends the operator's console session: revoked in the console database and at the service (so a
 * copy of the cookie is worthless), then the cookie is deleted. A server action, so Next's origin
 * check guards it like every other mutation.
 */
export async function signOutOperator(): Promise<never> {
  const store = await cookies();
  const token = await decodeSessionToken(readSessionCookie(store));
  if (token) await endSession(token);
  const name = sessionCookieName();
  for (const cookie of store.getAll()) {
    if (cookie.name === name || cookie.name.startsWith(`${name}.`)) store.set(expiredSessionCookie(cookie.name));
  }
  redirect('/signin?reason=signed-out');
}
