/**
 * Requests the operator did not make: Next's prefetches, and the re-reads of auto-refreshing pages
 * (components/triage/auto-refresh.tsx), which mark themselves with a cookie because
 * `router.refresh()` cannot add a header: set just before the re-read, removed shortly after its
 * render arrives, so the prefetches of the links it renders are covered too (the proxy never sees
 * `Next-Router-Prefetch`: Next strips its router headers from the proxy's request). They never count as activity, so an unattended tab
 * does not keep a session past its idle timeout. The mark can only shorten a session.
 */
export const BACKGROUND_REFRESH_COOKIE = 'console-background-refresh';
/** The mark lives this long at most, in case the page goes away before removing it. */
export const BACKGROUND_REFRESH_COOKIE_MAX_AGE_SECONDS = 10;

interface RequestLike {
  method: string;
  headers: { get(name: string): string | null };
  cookies: { has(name: string): boolean };
}

export function isPrefetch(request: RequestLike): boolean {
  return request.headers.get('next-router-prefetch') === '1' || request.headers.get('purpose') === 'prefetch';
}

/** A re-read: a GET while the mark is set. A POST (a server action) is always the operator's. */
export function isBackgroundRequest(request: RequestLike): boolean {
  return isPrefetch(request) || (request.method === 'GET' && request.cookies.has(BACKGROUND_REFRESH_COOKIE));
}
