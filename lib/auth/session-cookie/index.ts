/**
 * The encrypted session cookie and its life: what it holds and how it is read and written (in
 * chunks when long), whether a session is still good (idle timeout, sign-out), how the service's
 * access token in it is refreshed (once across every console instance), and how a session ends.
 */
export {
  decodeActiveSessionToken,
  decodeSessionToken,
  encodeSessionToken,
  expiredSessionCookie,
  openSessionJwt,
  readSessionCookie,
  sealSessionJwt,
  sessionCookieAttributes,
  sessionCookieName,
  sessionExpired,
  sessionIdleTimeoutMs,
  sessionMaxAgeSeconds,
  type SessionToken,
} from './token';
export { sessionCookieWrites } from './chunks';
export { sessionReadable } from './check';
export { needsRefresh, refreshSessionToken, createSessionRefresher } from './refresh';
export { createRefreshCoordinator, type RefreshOutcome } from './refresh-coordination';
export { endSession, type SignOutResult } from './sign-out';
