/**
 * The console's hook on Node's HTTP server, installed once at start (lib/server/start.ts): for
 * every request it opens the request context (a request id, from a proxy's `X-Request-Id` when it
 * sends a sane one, and the connection's peer address), answers with `X-Request-Id`, and when
 * the response is finished writes the access log line and the request metric. Next gives no
 * hook around a whole request (the proxy sees neither status nor duration), so this wraps the
 * server's `request` event: it serves `next start`, `next dev` and the standalone server alike.
 */
import { randomUUID } from 'node:crypto';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { logger } from './logger';
import { metrics } from './metrics';
import { requestContextStorage, type RequestContext } from './request-context';

const INSTALLED = Symbol.for('voice-ops-console.http-hook');
const SANE_REQUEST_ID = /^[\w.:-]{8,128}$/;

/** What a request is, for the metric's label: an asset, a server action, an API call or a page. */
export function requestKind(
  method: string,
  path: string,
  headers: IncomingMessage['headers'],
): 'asset' | 'action' | 'api' | 'page' {
  if (path.startsWith('/_next/') || path === '/favicon.ico') return 'asset';
  if (method === 'POST' && headers['next-action'] !== undefined) return 'action';
  if (path.startsWith('/api/')) return 'api';
  return 'page';
}

function onFinished(
  request: IncomingMessage,
  response: ServerResponse,
  context: RequestContext,
  started: number,
): void {
  const seconds = (performance.now() - started) / 1000;
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  const path = url.split('?')[0]!;
  const kind = requestKind(method, path, request.headers);
  metrics().httpRequests.observe({ kind, method, status: String(response.statusCode) }, seconds);
  // Query strings stay out: they can carry search text and callback URLs.
  logger('http').info(
    {
      method,
      path,
      status: response.statusCode,
      durationMs: Math.round(seconds * 1000),
      kind,
      requestId: context.requestId,
      operatorId: context.operatorId,
    },
    'request',
  );
}

export function installHttpHook(): void {
  const holder = globalThis as typeof globalThis & { [INSTALLED]?: true };
  if (holder[INSTALLED]) return;
  holder[INSTALLED] = true;
  const emit = Server.prototype.emit;
  // The prototype's emit: servers created before this point (Next's own) get the hook too.
  Server.prototype.emit = function hookedEmit(this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== 'request') return Reflect.apply(emit, this, [event, ...args]) as boolean;
    const [request, response] = args as [IncomingMessage, ServerResponse];
    const given = request.headers['x-request-id'];
    const context: RequestContext = {
      requestId: typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID(),
      peer: request.socket.remoteAddress,
    };
    const started = performance.now();
    response.setHeader('X-Request-Id', context.requestId);
    response.once('finish', () => onFinished(request, response, context, started));
    return requestContextStorage().run(context, () => Reflect.apply(emit, this, [event, ...args]) as boolean);
  } as typeof Server.prototype.emit;
}
