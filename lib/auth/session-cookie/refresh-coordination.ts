/**
 * One refresh per refresh token across every console instance. With rotating refresh tokens, two
 * instances presenting the same token is a replay: the service revokes the grant and the operator
 * is signed out. So the instances hold an election in the console database: the one whose insert
 * of the token's hash succeeds refreshes and stores the sealed result; the others wait for it.
 * The row outlives the refresh by a grace window, so a browser that lost the response carrying
 * the new cookie, and presents the old one again, gets the same result instead of a replay.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '@/lib/db';
import { sleep } from '@/lib/sleep';
import { openSessionJwt, sealSessionJwt, type SessionToken } from './token';

export type RefreshOutcome =
  | { kind: 'refreshed'; token: SessionToken }
  /** The service refused the refresh token: the session is over. */
  | { kind: 'rejected'; reason: string }
  /** The service could not be asked (down, timeout): keep the session, pages will show why. */
  | { kind: 'unavailable'; reason: string };

/** What a refresh changes in the session; the rest is each request's own. */
const REFRESHED_FIELDS = [
  'scopes',
  'accessToken',
  'refreshToken',
  'accessTokenExpiresAt',
  'accessTokenLifetime',
] as const;
type RefreshedFields = Pick<SessionToken, (typeof REFRESHED_FIELDS)[number]>;

export interface RefreshCoordinatorOptions {
  db: () => Promise<Queryable>;
  /** Seals the stored result (the session secret: the result holds the service's tokens). */
  secret: () => string;
  /** How long a result is handed to whoever presents the old refresh token, ms. */
  graceMs?: number;
  /** How long a refresh may take before another instance takes over, ms. */
  leaderTimeoutMs: () => number;
  pollMs?: number;
}

export const REFRESH_GRACE_MS = 30_000;

export function refreshTokenHash(refreshToken: string): string {
  return createHash('sha256').update(refreshToken).digest('hex');
}

function pick(token: SessionToken): RefreshedFields {
  return Object.fromEntries(REFRESHED_FIELDS.map((field) => [field, token[field]])) as RefreshedFields;
}

interface Row {
  outcome: 'refreshed' | 'rejected' | null;
  sealed_result: string | null;
  stale: boolean;
}

/**
 * Runs `refresh` for the token unless another instance is running it or ran it within the grace
 * window, in which case its result is used.
 */
export function createRefreshCoordinator(options: RefreshCoordinatorOptions) {
  const graceMs = options.graceMs ?? REFRESH_GRACE_MS;
  const pollMs = options.pollMs ?? 100;

  async function stored(db: Queryable, hash: string, token: SessionToken, row: Row): Promise<RefreshOutcome | null> {
    if (row.outcome === 'rejected')
      return { kind: 'rejected', reason: 'refused when another console instance refreshed it' };
    if (row.outcome !== 'refreshed' || !row.sealed_result) return null;
    try {
      const fields = (await openSessionJwt(row.sealed_result, options.secret())) as unknown as RefreshedFields;
      return { kind: 'refreshed', token: { ...token, ...pick(fields as SessionToken) } };
    } catch {
      // Sealed under another secret (rotated): unusable, as if never stored.
      await db.query('DELETE FROM session_refreshes WHERE token_hash = $1', [hash]);
      return null;
    }
  }

  async function lead(db: Queryable, hash: string, refresh: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
    let outcome: RefreshOutcome;
    try {
      outcome = await refresh();
    } catch (error) {
      outcome = { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.kind === 'unavailable') {
      // Nothing happened at the service: the next request (here or elsewhere) tries again.
      await db.query('DELETE FROM session_refreshes WHERE token_hash = $1 AND outcome IS NULL', [hash]);
      return outcome;
    }
    const sealed =
      outcome.kind === 'refreshed'
        ? await sealSessionJwt({ ...pick(outcome.token) }, options.secret(), Math.ceil(graceMs / 1000) + 60)
        : null;
    await db.query(
      `UPDATE session_refreshes SET outcome = $2, sealed_result = $3, expires_at = now() + make_interval(secs => $4) WHERE token_hash = $1`,
      [hash, outcome.kind, sealed, graceMs / 1000],
    );
    return outcome;
  }

  return async function coordinatedRefresh(
    token: SessionToken,
    refreshToken: string,
    refresh: () => Promise<RefreshOutcome>,
  ): Promise<RefreshOutcome> {
    const db = await options.db();
    const hash = refreshTokenHash(refreshToken);
    const deadline = Date.now() + options.leaderTimeoutMs() * 2 + 5_000;
    await db.query('DELETE FROM session_refreshes WHERE expires_at < now()');
    while (Date.now() < deadline) {
      const won = await db.query(
        `INSERT INTO session_refreshes (token_hash, expires_at) VALUES ($1, now() + make_interval(secs => $2))
         ON CONFLICT (token_hash) DO NOTHING RETURNING token_hash`,
        [hash, (options.leaderTimeoutMs() + graceMs) / 1000],
      );
      if (won.length > 0) return lead(db, hash, refresh);
      const [row] = await db.query<Row>(
        `SELECT outcome, sealed_result, (outcome IS NULL AND claimed_at < now() - make_interval(secs => $2)) AS stale
           FROM session_refreshes WHERE token_hash = $1`,
        [hash, options.leaderTimeoutMs() / 1000],
      );
      if (row) {
        const result = await stored(db, hash, token, row);
        if (result) return result;
        if (row.stale) {
          // The instance that claimed it stopped answering: take over.
          const taken = await db.query(
            `UPDATE session_refreshes SET claimed_at = now() WHERE token_hash = $1 AND outcome IS NULL
               AND claimed_at < now() - make_interval(secs => $2) RETURNING token_hash`,
            [hash, options.leaderTimeoutMs() / 1000],
          );
          if (taken.length > 0) return lead(db, hash, refresh);
        }
      }
      await sleep(pollMs);
    }
    return { kind: 'unavailable', reason: 'another console instance is still refreshing this session' };
  };
}
