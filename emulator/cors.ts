/** CORS for the emulator's own routes (oidc-provider answers CORS on its routes itself). */
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Range';
const EXPOSED_HEADERS =
  'Content-Range, X-Total-Count, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id';

/** Sets the CORS headers for allowed origins; answers a preflight and returns true for it. */
export function applyCors(req: IncomingMessage, res: ServerResponse, allowedOrigins: readonly string[]): boolean {
  const origin = req.headers.origin;
  const allowed = origin !== undefined && allowedOrigins.includes(origin);
  res.setHeader('Vary', 'Origin');
  if (allowed) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  }
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (!preflight) return false;
  if (allowed) {
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', '600');
  }
  res.writeHead(204);
  res.end();
  return true;
}
