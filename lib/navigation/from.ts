/**
 * Context kept across pages: a link from a list view to a record carries the view's own URL as
 * `back` (a same-site relative path; not `from`, which date filters use), so the record's breadcrumb, and the sidebar, lead back to
 * that exact view (its filters, order and page). The value is checked with the sign-in
 * callback's rules (lib/auth/safe-path): never another origin, never the sign-in pages.
 */
import { safeCallbackPath } from '@/lib/auth/safe-path';

export const FROM_PARAM = 'back';

/** The view a page was opened from, or null when `back` is absent or not a console path. */
export function fromPath(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value === '/') return null;
  const path = safeCallbackPath(value);
  return path === '/' ? null : path;
}

/** `href` with the view it is opened from (a path with its query) as `back`. */
export function withFrom(href: string, from: string): string {
  const separator = href.includes('?') ? '&' : '?';
  return `${href}${separator}${FROM_PARAM}=${encodeURIComponent(from)}`;
}

/** The first path segment of a view (`/stuck?status=x` -> `stuck`), which names its area. */
export function areaOf(path: string): string {
  return path.slice(1).split(/[/?#]/, 1)[0] ?? '';
}
