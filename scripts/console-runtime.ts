/**
 * How the console server's Node.js process is run, shared by `npm start` (scripts/start.ts) and
 * the bench (bench/run.ts), so that the bench measures the process operators get.
 *
 * `next start` is one process in Next 16 (next-server): there is no launcher to remove. Under
 * load its memory is V8's heap, PGlite's WASM memory (about 135 MB, the least its module accepts)
 * and Node's own code. A heap snapshot after the bench's load found about 90 MB live and nothing
 * that grows (no cache without bound), but with Node's defaults on a large machine V8 lets the
 * heap grow to several times what is live before it collects (336 MB committed for 89 MB live),
 * and keeps what it grew: that headroom was most of the 640 MB a console idled at after load.
 * With the flags below, `BENCH_ONLY=server-time,memory npm run bench` (2 cores, load 8-10) gave
 * 370 MB idle after the server-time load and a 396 MB peak, against 502-649 MB idle with Node's
 * defaults (`CONSOLE_NODE_FLAGS=none`, load 16-27).
 */

/**
 * The old generation's ceiling. With a ceiling this low V8 grows the heap by at most about 1.35x
 * what survives a collection instead of up to 4x; it is four times the live heap measured after
 * the bench's load, so an unusual page or export still has room.
 */
export const CONSOLE_OLD_SPACE_MB = 384;

/**
 * Each of the young generation's semi-spaces: Node's default, set with the ceiling because V8
 * would otherwise derive it from the ceiling (a few MB) and promote most of a render's short-lived
 * objects. 8 MB saved about 24 MB more but doubled the scavenges under load.
 */
export const CONSOLE_SEMI_SPACE_MB = 16;

/**
 * Node flags for the console server process. CONSOLE_NODE_FLAGS replaces them (space-separated;
 * empty keeps these, `none` runs Node's own defaults), for side-by-side measurements and for
 * machines that need another heap size. To see what the heap holds, add
 * `--heapsnapshot-signal=SIGUSR2` (and `--trace-gc`) to the defaults there: `kill -USR2 <pid of
 * next-server>` then writes a .heapsnapshot into the working directory (open it in Chrome's
 * DevTools, Memory tab).
 */
export function consoleNodeFlags(env: Record<string, string | undefined> = process.env): string[] {
  const configured = env.CONSOLE_NODE_FLAGS?.trim();
  if (configured === 'none') return [];
  if (configured) return configured.split(/\s+/);
  return [`--max-old-space-size=${CONSOLE_OLD_SPACE_MB}`, `--max-semi-space-size=${CONSOLE_SEMI_SPACE_MB}`];
}
