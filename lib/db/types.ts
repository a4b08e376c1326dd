/** The console database as every caller sees it, whichever driver is behind it. */

/** Something that runs one parameterised statement: the database itself or an open transaction. */
export interface Queryable {
  /**
   * Runs one statement with `$1`-style parameters and returns its rows. `T` is the caller's
   * claim about the row shape; parse with zod where the shape matters. Both drivers give
   * `timestamptz` as `Date`, `jsonb` parsed and `text[]` as arrays, but `bigint` differs
   * (number in PGlite, string in pg): cast it in SQL (`id::text`, `count(*)::int`).
   */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export type ConsoleDbKind = 'pglite' | 'postgres';

export interface ConsoleDb extends Queryable {
  readonly kind: ConsoleDbKind;
  /**
   * Runs `fn` in BEGIN/COMMIT, rolling back if it throws. Use `tx` for every statement inside:
   * with PGlite, `db.query` waits for the transaction to end, so calling it inside deadlocks.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Ends the connections (pg) or closes the instance and releases its directory (PGlite). */
  close(): Promise<void>;
}

/** What the drivers give the migration runner besides the public interface. */
export interface ScriptRunner extends Queryable {
  /** Runs a script of several statements without parameters (migrations only). */
  exec(script: string): Promise<void>;
}

export interface ConsoleDbDriver extends ConsoleDb {
  transaction<T>(fn: (tx: ScriptRunner) => Promise<T>): Promise<T>;
}
