/**
 * The console server's log of service calls, written to stdout in batches: every line of one
 * turn of the event loop goes out in one write. A page makes up to two dozen reads, and stdout
 * to a pipe (a container's or the process manager's log) is a blocking write each time; through
 * `console.info`, Next's console wrappers add their own work per line as well. Lines keep their
 * order, and whatever is pending is written when the process exits.
 */

/** Above this many pending lines the batch is written at once rather than at the end of the turn. */
const MAX_PENDING_LINES = 500;

let pending: string[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const text = `${pending.join('\n')}\n`;
  pending = [];
  process.stdout.write(text);
}

let exitHooked = false;

/** Queues one line (without its newline) for stdout. */
export function writeLogLine(line: string): void {
  pending.push(line);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', flush);
  }
  if (pending.length >= MAX_PENDING_LINES) flush();
  else if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}
