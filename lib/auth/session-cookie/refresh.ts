/**
 * Refreshing the service's access token. Runs in proxy.ts, the one place that can both read
 * the session cookie and write the refreshed one (server components and actions cannot set
 * cookies, and a refresh they did would be thrown away and replayed later: with rotating
 * refresh tokens a replay revokes the whole grant).
 */
import { getConsoleDb, type Queryable } from '@/lib/db';
import { oauthErrorSchema, tokenResponseSchema } from '@/lib/upstream/contract';
import { consoleEnv } from '@/lib/env';
import { createRefreshCoordinator, type RefreshOutcome } from './refresh-coordination';
import type { SessionToken } from './token';
import { logger } from '@/lib/observability/logger';
import { metrics } from '@/lib/observability/metrics';

export type { RefreshOutcome };

/** Refresh this long before expiry: at most 60 s, at most a third of the token's lifetime. */
export function needsRefresh(token: SessionToken, now = Date.now()): boolean {
  if (!token.refreshToken || token.accessTokenExpiresAt === undefined) return false;
  const lifetimeMs = (token.accessTokenLifetime ?? 300) * 1000;
  const marginMs = Math.min(60_000, lifetimeMs / 3);
  return token.accessTokenExpiresAt - now <= marginMs;
}

/** How long this process hands a refresh's result to requests carrying the same token. */
const REMEMBER_MS = 10_000;

/**
 * A refresher for one console instance. Requests in this process that arrive together with the
 * same refresh token share one promise; across instances, and for a browser that presents the old
 * cookie again (the response with the new one was lost), the console database decides who
 * refreshes and hands out the result (refresh-coordination.ts). Should the database fail, the
 * instance refreshes on its own rather than leave the operator without a session.
 */
export function createSessionRefresher(options: {
  db: () => Promise<Queryable>;
}): (token: SessionToken) => Promise<RefreshOutcome> {
  const recentRefreshes = new Map<string, { outcome: Promise<RefreshOutcome>; startedAt: number }>();
  const coordinated = createRefreshCoordinator({
    db: options.db,
    secret: () => consoleEnv().NEXTAUTH_SECRET,
    leaderTimeoutMs: () => consoleEnv().UPSTREAM_TIMEOUT_MS,
  });

  async function refreshOnce(token: SessionToken, refreshToken: string): Promise<RefreshOutcome> {
    let running: Promise<RefreshOutcome> | undefined;
    const run = () => (running ??= requestRefresh(token, refreshToken));
    try {
      return await coordinated(token, refreshToken, run);
    } catch (error) {
      logger('auth').error(
        `refresh not coordinated, the console database failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      // Never a second request with the same token: if it was sent, its outcome stands.
      return running ?? run();
    }
  }

  return function refreshSessionToken(token: SessionToken): Promise<RefreshOutcome> {
    const refreshToken = token.refreshToken;
    if (!refreshToken) return Promise.resolve({ kind: 'rejected', reason: 'no refresh token' });
    const now = Date.now();
    for (const [key, entry] of recentRefreshes) {
      if (now - entry.startedAt > REMEMBER_MS) recentRefreshes.delete(key);
    }
    const existing = recentRefreshes.get(refreshToken);
    if (existing) return existing.outcome;
    const outcome = refreshOnce(token, refreshToken);
    recentRefreshes.set(refreshToken, { outcome, startedAt: now });
    void outcome.then((result) => metrics().sessionRefreshes.inc({ outcome: result.kind }));
    // A failure that may be transient must not be remembered: the next request tries again.
    void outcome.then((result) => {
      if (result.kind === 'unavailable') recentRefreshes.delete(refreshToken);
    });
    return outcome;
  };
}

/** This process's refresher, on the console database. */
export const refreshSessionToken = createSessionRefresher({ db: getConsoleDb });

async function requestRefresh(token: SessionToken, refreshToken: string): Promise<RefreshOutcome> {
  const env = consoleEnv();
  const basic = Buffer.from(
    `${encodeURIComponent(env.VOICE_CLIENT_ID)}:${encodeURIComponent(env.VOICE_CLIENT_SECRET)}`,
  ).toString('base64');
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(env.VOICE_TOKEN_URL, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
      signal: AbortSignal.timeout(env.UPSTREAM_TIMEOUT_MS),
      cache: 'no-store',
    });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    return { kind: 'unavailable', reason: error instanceof Error ? error.message : 'token endpoint unreachable' };
  }
  if (response.status >= 500) return { kind: 'unavailable', reason: `token endpoint answered ${response.status}` };
  if (!response.ok) {
    const oauthError = oauthErrorSchema.safeParse(body);
    return {
      kind: 'rejected',
      reason: oauthError.success ? oauthError.data.error : `token endpoint answered ${response.status}`,
    };
  }
  const tokens = tokenResponseSchema.safeParse(body);
  if (!tokens.success) return { kind: 'unavailable', reason: 'token endpoint answered an unexpected shape' };
  const scopes = tokens.data.scope ? tokens.data.scope.split(/\s+/).filter(Boolean) : token.scopes;
  if (!scopes.includes('admin')) return { kind: 'rejected', reason: 'the refreshed token lost the admin scope' };
  const lifetime = tokens.data.expires_in ?? token.accessTokenLifetime ?? 300;
  return {
    kind: 'refreshed',
    token: {
      ...token,
      scopes,
      accessToken: tokens.data.access_token,
      // Rotation: a new refresh token replaces the old one; a server that does not rotate keeps it.
      refreshToken: tokens.data.refresh_token ?? refreshToken,
      accessTokenExpiresAt: Date.now() + lifetime * 1000,
      accessTokenLifetime: lifetime,
    },
  };
}
