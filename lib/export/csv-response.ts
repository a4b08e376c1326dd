/**
 * The one streaming body of every CSV export: the first text at once (byte order mark, header,
 * maybe a first page), then one chunk per pull, so reads follow the browser's pace. A failure
 * midway errors the stream (the download breaks off instead of looking whole); every way the
 * export ends (done, failed, cancelled by the browser) calls `onEnd` once, which releases the
 * export's slot and pacer.
 */
import { logger } from '@/lib/observability/logger';

export interface CsvResponseOptions {
  fileName: string;
  /** Sent before any pull: the byte order mark and the header line, and what is already read. */
  first: string;
  /** The rest of the file, chunk by chunk. */
  rest: AsyncIterator<string, unknown, undefined>;
  /** For log lines: what is exported. */
  label: string;
  onEnd: () => void;
  /** Stops reads under way when the export fails or the browser goes away. */
  abort?: AbortController;
  headers?: Readonly<Record<string, string>>;
}

export function csvResponse({ fileName, first, rest, label, onEnd, abort, headers }: CsvResponseOptions): Response {
  const encoder = new TextEncoder();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(first));
      },
      async pull(controller) {
        try {
          const next = await rest.next();
          // The browser went away while this read was under way: nothing to send, nothing failed.
          if (ended) return;
          if (next.done) {
            end();
            controller.close();
          } else {
            controller.enqueue(encoder.encode(next.value));
          }
        } catch (error) {
          // A read stopped because the browser went away is no failure.
          if (ended) return;
          // Reads already under way for later chunks stop too.
          abort?.abort();
          end();
          logger('export').error(`${label}: ${error instanceof Error ? error.message : String(error)}`);
          controller.error(error);
        }
      },
      async cancel() {
        abort?.abort();
        end();
        await rest.return?.(undefined);
      },
    },
    // One chunk ahead at most.
    { highWaterMark: 1 },
  );
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
      ...headers,
    },
  });
}
