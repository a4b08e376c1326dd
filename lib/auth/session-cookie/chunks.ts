/**
 * Writing the session cookie in chunks, as next-auth does (`name.0`, `name.1`, ...): browsers drop
 * a cookie past about 4 KB, and the service's tokens can make the sealed session that long.
 * readSessionCookie (token.ts) joins them again.
 */

/** next-auth's chunk size: 4096 bytes less what a cookie's name and attributes take. */
export const SESSION_COOKIE_CHUNK_SIZE = 4096 - 163;

export interface CookieWrite {
  name: string;
  value: string;
  /** 0 deletes the cookie. */
  delete: boolean;
}

/** The cookies to set so the browser holds `value` under `name`, and deletes the stale chunks. */
export function sessionCookieWrites(name: string, value: string, existingNames: readonly string[]): CookieWrite[] {
  const parts: string[] = [];
  for (let offset = 0; offset < value.length; offset += SESSION_COOKIE_CHUNK_SIZE)
    parts.push(value.slice(offset, offset + SESSION_COOKIE_CHUNK_SIZE));
  const writes: CookieWrite[] =
    parts.length <= 1
      ? [{ name, value, delete: false }]
      : parts.map((part, index) => ({ name: `${name}.${index}`, value: part, delete: false }));
  const written = new Set(writes.map((write) => write.name));
  for (const existing of existingNames) {
    if ((existing === name || existing.startsWith(`${name}.`)) && !written.has(existing))
      writes.push({ name: existing, value: '', delete: true });
  }
  return writes;
}
