import { z } from 'zod';

/** A same-site path to return to after sign-in; anything else (other origins, `//host`) is `/`. */
export function safeCallbackPath(value: unknown): string {
  const parsed = z.string().max(2_000).safeParse(value);
  if (!parsed.success) return '/';
  const path = parsed.data;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (path.startsWith('/signin') || path.startsWith('/api/auth')) return '/';
  return path;
}
