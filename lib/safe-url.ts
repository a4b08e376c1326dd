/**
 * Values from the service are text. A string becomes an `href` or an image `src` only when it
 * parses as an absolute http: or https: URL; everything else (javascript:, data:, vbscript:,
 * relative paths, protocol-relative //host, garbage) stays text.
 */

/** The URL, normalised by the URL parser, when it is absolute http(s); otherwise null. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  // Only an explicit scheme counts: "//evil.example" or "/path" would resolve against the console.
  if (!/^https?:\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  return url.href;
}
