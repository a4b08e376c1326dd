/**
 * How the console server's Node.js process is run, shared by `npm start` (scripts/start.ts) and
 * the bench (bench/run.ts), so that the bench measures the process operators get.
 *
 * `next start` is one process in Next 16 (next-server): there is no launcher to remove. Under
 * load its memory is V8's heap, PGlite's WASM memory (the least its module accepts) and Node's own
 * code. A heap snapshot after the bench's load found little live and nothing that grows (no cache
 * without bound), but with Node's defaults on a large machine V8 lets the heap grow to several
 * times what is live before it collects, and keeps what it grew: that headroom was most of what a
 * console held idle after load. The flags below cap it; `BENCH_ONLY=server-time,memory npm run
 * bench` compares them with Node's defaults (`CONSOLE_NODE_FLAGS=none`); the figures are in
 * docs/bench.md.
 */

/**
 * The old generation's ceiling. With a ceiling this low V8 grows the heap by a small factor of
 * what survives a collection rather than several times it; it is still a few times the live heap
 * measured after the bench's load (docs/bench.md), so an unusual page or export has room.
 */
export const CONSOLE_OLD_SPACE_MB = 384;

/**
 * Each of the young generation's semi-spaces: Node's default, set with the ceiling because V8
 * would otherwise derive it from the ceiling (a few MB) and promote most of a render's short-lived
 * objects. Half this size saved a little more memory but doubled the scavenges under load.
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
