'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { expiredSessionCookie, sessionCookieName } from '@/lib/auth/session-token';

/**
 * Ends the operator's console session: the cookie that holds the service's tokens is deleted.
 * A server action, so Next's origin check guards it like every other mutation.
 */
export async function signOutOperator(): Promise<never> {
  const store = await cookies();
  const name = sessionCookieName();
  for (const cookie of store.getAll()) {
    if (cookie.name === name || cookie.name.startsWith(`${name}.`)) store.set(expiredSessionCookie(cookie.name));
  }
  redirect('/signin?reason=signed-out');
}
