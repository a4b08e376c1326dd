/**
 * CSV export of a list view: every page of the filtered, ordered list, read from the service
 * with a bounded number of reads in flight and written in order as the browser takes it (the
 * CSV text itself comes from the table's declaration: lib/tables/csv.ts).
 */

/**
 * Rows per read, and reads in flight at once: what the console holds at any moment is about
 * their product in rows (answers arriving, parsed, waiting their turn), and the heap the garbage
 * collector keeps grows with it. Smaller pages, two at a time, hold the heap well down for a
 * small loss of rows a second (docs/bench.md has the side-by-side measurement); the service's
 * rate limit stays far above what either reaches.
 */
export const EXPORT_PAGE_SIZE = 250;
export const EXPORT_CONCURRENCY = 2;

/**
 * Reads `count` pages and yields them in order, with at most `concurrency` reads in flight:
 * when the oldest read is taken, the next one starts. A consumer that stops early leaves the
 * reads in flight to its abort signal.
 */
export async function* pagesInOrder<T>(
  count: number,
  concurrency: number,
  read: (index: number) => Promise<T>,
): AsyncGenerator<T> {
  const inFlight: Promise<T>[] = [];
  let next = 0;
  const start = () => {
    const page = read(next++);
    // Failures surface when the page's turn comes; until then they must not count as unhandled.
    page.catch(() => undefined);
    inFlight.push(page);
  };
  while (next < count && inFlight.length < concurrency) start();
  while (inFlight.length > 0) {
    const page = await inFlight.shift()!;
    if (next < count) start();
    yield page;
  }
}

/**
 * Why a page read at row `start` cannot be part of a whole export, or null when it can: a page
 * shorter than asked while the service's total says more rows follow means the service caps its
 * pages, and reading on by offset would skip the rest of every page.
 */
export function shortPageProblem(
  page: { rows: readonly unknown[]; total: number },
  start: number,
  pageSize = EXPORT_PAGE_SIZE,
): string | null {
  if (page.rows.length >= pageSize || start + page.rows.length >= page.total) return null;
  return `${page.rows.length} rows from row ${start} of ${page.total}, fewer than the ${pageSize} asked: the export would miss rows`;
}

/** `messages-20261122-054256Z.csv`. */
export function exportFileName(entity: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, 'Z');
  return `${entity}-${stamp}.csv`;
}
