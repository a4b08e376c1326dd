/** Same-site paths from untrusted text (client-safe: no settings read here). */
import { z } from 'zod';

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
  const parsed = z.string().max(2_000).safeParse(value);
  if (!parsed.success || !parsed.data.startsWith('/')) return '/';
  let resolved: URL;
  try {
    resolved = new URL(parsed.data, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  if (resolved.origin !== PROBE_ORIGIN) return '/';
  const path = `${resolved.pathname.replace(/^\/+/, '/')}${resolved.search}${resolved.hash}`;
  if (path.startsWith('/signin') || path.startsWith('/api/auth')) return '/';
  return path;
}
