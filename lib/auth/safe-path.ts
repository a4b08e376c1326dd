/**
 * Same-site paths from untrusted text (client-safe: no settings read here, and no zod, because
 * the sidebar on every page runs this in the browser).
 */

/** Longer text is not a path the console wrote. */
const MAX_PATH_LENGTH = 2_000;

/** Any origin will do: only whether a path stays on it matters. */
const PROBE_ORIGIN = 'http://console.invalid';

/**
 * A same-site path to return to after sign-in; anything else is `/`. The path is resolved as a
 * browser would, so `//host`, `/\\host` and tricks a browser strips (`/<TAB>/host`) cannot leave
 * the console; what is returned is the resolved path, never the raw text. Dot segments can resolve
 * to a path that starts with `//` (`/..//host`, `/%2e%2e//host`, `/x/..//host`), which a browser
 * reads as another host: leading slashes are collapsed to one.
 */
export function safeCallbackPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_PATH_LENGTH || !value.startsWith('/')) return '/';
  let resolved: URL;
  try {
    resolved = new URL(value, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  if (resolved.origin !== PROBE_ORIGIN) return '/';
  const path = `${resolved.pathname.replace(/^\/+/, '/')}${resolved.search}${resolved.hash}`;
  if (path.startsWith('/signin') || path.startsWith('/api/auth')) return '/';
  return path;
}
