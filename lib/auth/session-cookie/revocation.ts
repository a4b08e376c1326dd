/**
 * Signed-out sessions. The session cookie is self-contained, so deleting it in the browser does
 * not end the session: a copy keeps working until it expires. Sign-out records the session here
 * and every read of a session (the proxy, pages, actions, route handlers) asks whether it is
 * revoked. The answer is cached in the process for a few seconds, so the hot path costs one
 * indexed lookup per session every REVOKED_CHECK_TTL_MS at most; a revocation made by this process
 * is seen at once, one made by another instance within that time.
 */
import { getConsoleDb, type Queryable } from '@/lib/db';
import type { SessionToken } from './token';

/** How long "not revoked" is believed without asking the database again. */
export const REVOKED_CHECK_TTL_MS = 5_000;
const CACHE_LIMIT = 10_000;

/**
 * A session's id: who signed in and when. Every cookie the session is re-sealed into keeps both
 * (the JWT's own id changes with each re-seal), and no other session has both.
 */
export function sessionIdOf(token: Pick<SessionToken, 'sub' | 'signedInAt'>): string {
  return `${token.sub}:${token.signedInAt}`;
}

// One per process: Next loads this module once per bundle (the proxy, next-auth's route, server
// actions), and a sign-out in one must be seen at once by the others.
const CACHE = Symbol.for('voice-ops-console.revoked-sessions');
const holder = globalThis as typeof globalThis & { [CACHE]?: Map<string, { revoked: boolean; checkedAt: number }> };
const cache = (holder[CACHE] ??= new Map());

function remember(sessionId: string, revoked: boolean, now: number): void {
  if (cache.size >= CACHE_LIMIT) {
    for (const [key, entry] of cache) {
      if (!entry.revoked || now - entry.checkedAt > REVOKED_CHECK_TTL_MS) cache.delete(key);
    }
    if (cache.size >= CACHE_LIMIT) cache.clear();
  }
  cache.set(sessionId, { revoked, checkedAt: now });
}

/** Whether the session was signed out. Throws when the database cannot say. */
export async function isSessionRevoked(
  token: Pick<SessionToken, 'sub' | 'signedInAt'>,
  db?: Queryable,
  now = Date.now(),
): Promise<boolean> {
  const sessionId = sessionIdOf(token);
  const cached = cache.get(sessionId);
  // A revocation is final: once seen, never asked again.
  if (cached && (cached.revoked || now - cached.checkedAt < REVOKED_CHECK_TTL_MS)) return cached.revoked;
  const rows = await (db ?? (await getConsoleDb())).query<{ found: number }>(
    'SELECT 1 AS found FROM revoked_sessions WHERE session_id = $1',
    [sessionId],
  );
  const revoked = rows.length > 0;
  remember(sessionId, revoked, now);
  return revoked;
}

/**
 * Records the session as signed out until `expiresAt` (epoch ms: when it would end anyway), and
 * drops records of sessions that have ended since.
 */
export async function revokeSession(
  token: Pick<SessionToken, 'sub' | 'signedInAt'>,
  expiresAt: number,
  db?: Queryable,
): Promise<void> {
  const target = db ?? (await getConsoleDb());
  const sessionId = sessionIdOf(token);
  await target.query(
    'INSERT INTO revoked_sessions (session_id, expires_at) VALUES ($1, $2) ON CONFLICT (session_id) DO NOTHING',
    [sessionId, new Date(expiresAt)],
  );
  remember(sessionId, true, Date.now());
  await target.query('DELETE FROM revoked_sessions WHERE expires_at < now()');
}

/** Forgets cached answers (tests that share a process with several databases). */
export function clearRevocationCache(): void {
  cache.clear();
}
