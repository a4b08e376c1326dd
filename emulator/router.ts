/** A minimal method + path-pattern router for the emulator's JSON routes. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, type RequestContext } from './http';

export interface RouteInput {
  req: IncomingMessage;
  res: ServerResponse;
  context: RequestContext;
  /** Decoded path parameters, in pattern order. */
  params: string[];
}

export interface Route {
  method: string;
  /** Anchored pattern; each capture group is one path segment. */
  pattern: RegExp;
  handle(input: RouteInput): Promise<void>;
}

/** Dispatches to the first route whose pattern and method match; 404 or 405 otherwise. */
export function createRouter(routes: readonly Route[]) {
  return async function dispatch(req: IncomingMessage, res: ServerResponse, context: RequestContext): Promise<void> {
    const path = context.url.pathname;
    const allowed: string[] = [];
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      if (route.method !== context.method) {
        allowed.push(route.method);
        continue;
      }
      await route.handle({ req, res, context, params: match.slice(1).map(decodeSegment) });
      return;
    }
    if (allowed.length > 0) {
      throw new HttpError(405, `${context.method} is not allowed on ${path}`, 'METHOD_NOT_ALLOWED', {
        Allow: allowed.join(', '),
      });
    }
    throw new HttpError(404, `no route ${context.method} ${path}`, 'NOT_FOUND');
  };
}

function decodeSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    throw new HttpError(400, 'malformed percent-encoding in the path', 'INVALID_PATH');
  }
}
