/**
 * How the upstream client sends one HTTP request: node:http(s) over a keep-alive agent per
 * process. Not the global `fetch`: inside Next's server every `fetch` goes through Next's patched
 * fetch (tracing, cache bookkeeping, request de-duplication) on top of undici's WHATWG layers, and
 * that was a visible share of a list page's CPU when profiled; the client needs none of it
 * (its reads are never cached, and it shares identical reads itself).
 *
 * Failures keep fetch's shape where the client reads them: an abort rejects with the signal's
 * reason, and a connection error is the system error with its `code` (ECONNREFUSED, ...).
 */
import http from 'node:http';
import https from 'node:https';

export interface TransportRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

export interface TransportResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

/**
 * Idle connections are closed after this long, before a typical server's own keep-alive timeout
 * (Node's default is 5 s), so a request rarely meets a connection the server is closing.
 */
const IDLE_SOCKET_MS = 4_000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
};

/** Errors of a reused idle connection that the server closed meanwhile. */
const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);
/** Methods that change nothing, which may be sent twice. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

function toHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
  return headers;
}

function sendOnce(url: URL, request: TransportRequest): Promise<TransportResponse & { staleConnection?: boolean }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const agent = agents[url.protocol as keyof typeof agents];
    if (!agent) {
      reject(new TypeError(`unsupported protocol ${url.protocol}`));
      return;
    }
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    let answered = false;
    const outgoing = client.request(
      url,
      { method: request.method, headers, agent, signal: request.signal },
      (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', (error) => reject(request.signal.aborted ? request.signal.reason : error));
        incoming.on('aborted', () =>
          reject(
            request.signal.aborted ? request.signal.reason : new Error('the service closed the connection mid-answer'),
          ),
        );
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 0;
          resolve({
            status,
            ok: status >= 200 && status < 300,
            headers: toHeaders(incoming.rawHeaders),
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (request.signal.aborted) {
        reject(request.signal.reason);
        return;
      }
      // A reused connection the server had closed (the keep-alive race Node's documentation
      // describes): a read is sent again. A write is not: a reset can also come after the service
      // acted, so it stays an error, and the caller treats its outcome as unknown.
      if (
        !answered &&
        outgoing.reusedSocket &&
        SAFE_METHODS.has(request.method) &&
        STALE_CONNECTION_CODES.has(error.code ?? '')
      ) {
        resolve({ status: 0, ok: false, headers: new Headers(), text: '', staleConnection: true });
        return;
      }
      reject(error);
    });
    outgoing.end(request.body);
  });
}

/** Sends the request and reads the whole answer as text. */
export async function send(url: string, request: TransportRequest): Promise<TransportResponse> {
  const target = new URL(url);
  const first = await sendOnce(target, request);
  if (!first.staleConnection) return first;
  const retried = await sendOnce(target, request);
  if (retried.staleConnection)
    throw Object.assign(new Error('the service closed the connection'), { code: 'ECONNRESET' });
  return retried;
}
