/**
 * The signed-in operator for route handlers, which answer fetches rather than render pages: a
 * missing session is a 401 and a session without the admin scope a 403, both as JSON, where
 * pages would redirect. Service failures are mapped the same way.
 */
import 'server-only';
import {
  type UpstreamClient,
  consoleUpstreamClient,
  describeUpstreamError,
  type UpstreamError,
} from '@/lib/upstream/client';
import type { Operator } from './roles/operator';
import { getOperator, readToken } from './session';

export type RouteSession =
  | { ok: true; operator: Operator; upstream: UpstreamClient }
  | { ok: false; response: Response };

const noStore = { 'cache-control': 'no-store' };

export async function requireAdminRouteSession(): Promise<RouteSession> {
  const token = await readToken();
  if (!token) {
    return {
      ok: false,
      response: Response.json(
        { error: 'unauthorized', message: 'Sign in to the console first.' },
        { status: 401, headers: noStore },
      ),
    };
  }
  const operator = await getOperator();
  if (!operator?.hasAdminScope || !token.accessToken) {
    return {
      ok: false,
      response: Response.json(
        { error: 'forbidden', message: 'This needs a session with the admin scope.' },
        { status: 403, headers: noStore },
      ),
    };
  }
  return { ok: true, operator, upstream: consoleUpstreamClient(token.accessToken) };
}

/** A service failure as a JSON answer: 401, 403 and 404 pass through, the rest are 502. */
export function upstreamFailureResponse(error: UpstreamError): Response {
  const status =
    error.kind === 'unauthorized' ? 401 : error.kind === 'forbidden' ? 403 : error.kind === 'not_found' ? 404 : 502;
  return Response.json({ error: error.kind, failure: describeUpstreamError(error) }, { status, headers: noStore });
}
