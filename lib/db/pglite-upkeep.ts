/**
 * What autovacuum does on a PostgreSQL server, for the embedded PGlite, which has no autovacuum
 * worker: without it no table was ever analyzed or vacuumed. The planner then guessed every
 * table's size, and on the page of a finished 100,000-item job it counted the items of the last
 * 30 seconds through the item-status index, reading every row on every view and progress poll,
 * where with statistics it takes the finished-items index and reads only those few.
 *
 * A pass reads the table counters (pg_stat_user_tables) and, with autovacuum's default rules,
 * vacuums (and analyzes) a table whose dead rows exceed 50 + 20 % of its rows or whose rows
 * inserted since its last vacuum exceed 1,000 + 20 % of them (which keeps index-only scans of
 * tables that only grow working), and analyzes one whose rows changed since its last analyze
 * exceed 50 + 10 % of them, or that was never analyzed and holds data. The first pass after the
 * database opened vacuums and analyzes every table holding data (see UpkeepPassOptions). PGlite
 * runs one statement at a time: a pass holds the database while it works, a fraction of a second
 * after a large job, nothing when nothing changed.
 */
import type { ScriptRunner } from './types';
import { logger } from '@/lib/observability/logger';

/** Time between passes over the console server's database (the first comes soon after opening). */
export const PGLITE_UPKEEP_INTERVAL_MS = 60_000;
const FIRST_PASS_DELAY_MS = 1_000;

// autovacuum_vacuum_threshold, _scale_factor, autovacuum_vacuum_insert_threshold,
// _scale_factor, autovacuum_analyze_threshold, _scale_factor.
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const VACUUM_INSERT_THRESHOLD = 1_000;
const VACUUM_INSERT_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

export interface UpkeepPass {
  vacuumed: string[];
  analyzed: string[];
}

interface TableCounters {
  name: string;
  /** pg_class.reltuples: the row count of the last vacuum or analyze, -1 before any. */
  tuples: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
  bytes: number;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface UpkeepPassOptions {
  /**
   * The first pass since the database opened. PGlite starts every open with its table counters at
   * zero (measured: after a clean close as after a kill), so rows changed before a restart would
   * never count toward a rule above: this pass vacuums and analyzes every table holding data. It
   * costs little where nothing changed (a vacuum skips the pages already marked all-visible).
   */
  afterOpen?: boolean;
}

/** One pass over the current schema's tables; returns what it vacuumed and analyzed. */
export async function upkeepPass(runner: ScriptRunner, options: UpkeepPassOptions = {}): Promise<UpkeepPass> {
  // The counters reach pg_stat_user_tables when the backend flushes them, which PGlite's only
  // backend does when asked, at the end of the next statement.
  await runner.query('SELECT pg_stat_force_next_flush()');
  const tables = await runner.query<TableCounters>(
    `SELECT s.relname AS name, c.reltuples::float8 AS tuples, s.n_dead_tup::float8 AS dead,
            s.n_ins_since_vacuum::float8 AS "insertedSinceVacuum", s.n_mod_since_analyze::float8 AS "modifiedSinceAnalyze", pg_relation_size(s.relid)::float8 AS bytes
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = current_schema()
      ORDER BY s.relname`,
  );
  const pass: UpkeepPass = { vacuumed: [], analyzed: [] };
  for (const table of tables) {
    const rows = Math.max(table.tuples, 0);
    if (
      (options.afterOpen && table.bytes > 0) ||
      table.dead > VACUUM_THRESHOLD + VACUUM_SCALE * rows ||
      table.insertedSinceVacuum > VACUUM_INSERT_THRESHOLD + VACUUM_INSERT_SCALE * rows
    ) {
      await runner.exec(`VACUUM (ANALYZE) ${quoteIdentifier(table.name)}`);
      pass.vacuumed.push(table.name);
    } else if (
      table.modifiedSinceAnalyze > ANALYZE_THRESHOLD + ANALYZE_SCALE * rows ||
      (table.tuples < 0 && table.bytes > 0)
    ) {
      await runner.exec(`ANALYZE ${quoteIdentifier(table.name)}`);
      pass.analyzed.push(table.name);
    }
  }
  return pass;
}

/**
 * Runs upkeepPass soon after opening, then every `intervalMs`, off the event loop's keep-alive.
 * `stop` ends the schedule and waits for a pass under way, so the database can close after it.
 */
export function scheduleUpkeep(
  runner: ScriptRunner,
  intervalMs: number = PGLITE_UPKEEP_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let afterOpen = true;
  const run = () => {
    running = (async () => {
      const started = performance.now();
      try {
        const pass = await upkeepPass(runner, { afterOpen });
        afterOpen = false;
        if (pass.vacuumed.length + pass.analyzed.length > 0) {
          const done = [
            pass.vacuumed.length ? `vacuumed ${pass.vacuumed.join(', ')}` : '',
            pass.analyzed.length ? `analyzed ${pass.analyzed.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('; ');
          logger('db').info(`upkeep: ${done} (${Math.round(performance.now() - started)} ms)`);
        }
      } catch (error) {
        logger('db').warn(
          `upkeep pass failed, trying again in ${Math.round(intervalMs / 1000)} s: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    })().catch(() => {
      // Only the logging above can throw here (a console that Next patched outside its server
      // runtime did): the schedule goes on, and stop() never rejects.
    });
    void running.then(() => {
      if (!stopped) timer = setTimeout(run, intervalMs).unref();
    });
  };
  timer = setTimeout(run, Math.min(FIRST_PASS_DELAY_MS, intervalMs)).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
