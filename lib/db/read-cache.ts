/**
 * Reads of the console's database that every console page makes for its shell (the sidebar's
 * counts and views, the operator's role), believed for PAGE_READ_TTL_MS instead of asked again on
 * each page load. A change made by this process is seen at once: the store that writes calls
 * `forget` after its write. One made by another console instance shows within the TTL, as a
 * sign-out does (lib/auth/session-cookie/revocation.ts). A failed read is not kept: the next page
 * asks again.
 */
import type { Queryable } from './types';

/** How long a page's shell believes what it read. */
export const PAGE_READ_TTL_MS = 5_000;
/** Entries past which the oldest are dropped: one per operator at most, in practice. */
const ENTRY_LIMIT = 10_000;

export interface ReadCache<Key, Value> {
  /**
   * The value read from `db` at most PAGE_READ_TTL_MS before `now`, or `load`'s (one load per
   * database and key at a time).
   */
  read(db: Queryable, key: Key, load: () => Promise<Value>, now?: number): Promise<Value>;
  /** Forgets every key of every database: the next read of each loads again. */
  forget(): void;
}

interface Entry<Value> {
  readAt: number;
  value: Promise<Value>;
}

type Entries = WeakMap<Queryable, Map<unknown, Entry<unknown>>>;
// One per process and name: Next loads a module once per bundle (pages, server actions, route
// handlers), and a write through one must be seen at once by the others. Kept per database, as
// tests open many in one process.
type Holder = typeof globalThis & { [key: symbol]: { byDb: Entries } | undefined };

export function readCache<Key, Value>(name: string): ReadCache<Key, Value> {
  const holder = globalThis as Holder;
  const symbol = Symbol.for(`voice-ops-console.read-cache.${name}`);
  const store = (holder[symbol] ??= { byDb: new WeakMap() });
  return {
    read(db, key, load, now = Date.now()) {
      let entries = store.byDb.get(db) as Map<Key, Entry<Value>> | undefined;
      if (!entries) {
        entries = new Map();
        store.byDb.set(db, entries as Map<unknown, Entry<unknown>>);
      }
      const cached = entries.get(key);
      if (cached && now - cached.readAt < PAGE_READ_TTL_MS) return cached.value;
      if (entries.size >= ENTRY_LIMIT) entries.delete(entries.keys().next().value as Key);
      const entry: Entry<Value> = { readAt: now, value: load() };
      entries.delete(key);
      entries.set(key, entry);
      const kept = entries;
      entry.value.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      return entry.value;
    },
    forget() {
      store.byDb = new WeakMap();
    },
  };
}
