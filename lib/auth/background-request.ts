/**
 * Which requests are the operator's activity (they keep a session from its idle timeout) and
 * which are not. A browser makes many requests no one asked for: Next's link prefetches, the
 * re-reads of auto-refreshing pages (components/triage/auto-refresh.tsx), and the RSC fetches
 * behind them, and the proxy cannot tell them apart from a client-side navigation (Next strips
 * its router headers, `Next-Router-Prefetch` included, from the proxy's request). So activity is:
 * - any request but GET/HEAD: server actions, forms, and the activity beacon
 *   (components/auth/activity-beacon.tsx), which real input (a click, a key) sends, throttled;
 * - a document navigation (`Sec-Fetch-Mode: navigate`): a typed or bookmarked URL, a reload;
 * - a GET from a client that sends no Fetch Metadata (browsers send none to plain http off
 *   localhost; scripts), unless it is marked as background: a prefetch header, or the cookie
 *   an auto-refreshing page sets around its re-read (`router.refresh()` cannot add a header).
 * Whatever the kind, only requests from the console's own origin count (`fromConsoleOrigin`).
 * Every other GET from a page (fetches, prefetches, re-reads) is not: the click behind a
 * client-side navigation already counted through the beacon. An unattended tab therefore never
 * keeps a session past its idle timeout, whatever it re-reads.
 */
export const BACKGROUND_REFRESH_COOKIE = 'console-background-refresh';
/** The mark lives this long at most, in case the page goes away before removing it. */
export const BACKGROUND_REFRESH_COOKIE_MAX_AGE_SECONDS = 10;

/** Where the activity beacon posts (app/api/activity/route.ts). */
export const ACTIVITY_BEACON_PATH = '/api/activity';

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

/**
 * Whether the request comes from the console's own pages (or from no page at all: a typed URL, a
 * script). A page of another origin, even a same-site one on another port, can make the browser
 * send requests with the session cookie; those must not keep the session alive. Browsers say
 * where a request comes from in `Sec-Fetch-Site`, or, where they send no Fetch Metadata (plain
 * http off localhost), in `Origin` on every POST.
 */
export function fromConsoleOrigin(request: RequestLike, consoleOrigins: readonly string[]): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' || site === 'none';
  const origin = request.headers.get('origin');
  return origin === null || consoleOrigins.includes(origin);
}

/** Whether the request records the operator's activity (see the module comment). */
export function isOperatorActivity(request: RequestLike, consoleOrigins: readonly string[]): boolean {
  if (!fromConsoleOrigin(request, consoleOrigins)) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  const mode = request.headers.get('sec-fetch-mode');
  if (mode === null) return !isBackgroundRequest(request);
  return mode === 'navigate' && !isPrefetch(request);
}

/**
 * Activity is recorded to the minute (a tenth of the idle timeout when that is shorter), so most
 * requests do not rewrite the cookie; the beacon is sent no more often.
 */
export function activityGranularityMs(idleTimeoutMs: number): number {
  return Math.min(60_000, idleTimeoutMs / 10);
}
