/**
 * Requests the operator did not make: Next's prefetches, and the re-reads of auto-refreshing pages
 * (components/triage/auto-refresh.tsx), which mark themselves with a short-lived cookie because
 * `router.refresh()` cannot add a header. They never count as activity, so an unattended tab
 * does not keep a session past its idle timeout. The mark can only shorten a session.
 */
export const BACKGROUND_REFRESH_COOKIE = 'console-background-refresh';
/** The mark lives this long at most, in case the page goes away before removing it. */
export const BACKGROUND_REFRESH_COOKIE_MAX_AGE_SECONDS = 10;

interface RequestLike {
  headers: { get(name: string): string | null };
  cookies: { has(name: string): boolean };
}

export function isPrefetch(request: RequestLike): boolean {
  return request.headers.get('next-router-prefetch') === '1' || request.headers.get('purpose') === 'prefetch';
}

export function isBackgroundRequest(request: RequestLike): boolean {
  return isPrefetch(request) || request.cookies.has(BACKGROUND_REFRESH_COOKIE);
}
