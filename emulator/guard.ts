/**
 * Authentication and rate limiting in front of /admin and /agents. Every response there carries
 * the X-RateLimit-* headers: requests are counted per token, or per client address when no
 * valid token is presented, so even a 401 says how many more attempts the window allows.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { RATE_LIMIT_HEADERS } from '../lib/upstream/contract';
import { HttpError, type RequestContext } from './http';
import { findBearerToken, type BearerToken } from './oauth/bearer';
import { routeClassOf, type FixedWindowRateLimiter } from './rate-limit';

export interface GuardOptions {
  provider: Provider;
  limiter: FixedWindowRateLimiter;
  /** The scope the route requires (`admin` for /admin), if any. */
  requiredScope?: string;
}

export async function guardApiRequest(
  req: IncomingMessage,
  res: ServerResponse,
  context: RequestContext,
  options: GuardOptions,
): Promise<BearerToken> {
  const token = await findBearerToken(options.provider, req.headers.authorization);
  const key = token ? `token:${token.value}` : `address:${req.socket.remoteAddress ?? 'unknown'}`;
  const decision = options.limiter.take(key, routeClassOf(context.method));
  res.setHeader(RATE_LIMIT_HEADERS.limit, String(decision.limit));
  res.setHeader(RATE_LIMIT_HEADERS.remaining, String(decision.remaining));
  res.setHeader(RATE_LIMIT_HEADERS.reset, String(decision.resetEpochSeconds));
  if (!decision.allowed) {
    const retryAfter = Math.max(1, decision.resetEpochSeconds - Math.floor(Date.now() / 1000));
    throw new HttpError(
      429,
      'rate limit exceeded; check the X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset headers',
      'RATE_LIMITED',
      { 'Retry-After': String(retryAfter) },
    );
  }
  if (!token) {
    throw new HttpError(401, 'missing, invalid or expired bearer token', 'UNAUTHORIZED', {
      'WWW-Authenticate': 'Bearer realm="voice"',
    });
  }
  context.subject = token.accountId ?? token.clientId;
  if (options.requiredScope && !token.scopes.has(options.requiredScope)) {
    throw new HttpError(401, `the token lacks the ${options.requiredScope} scope`, 'UNAUTHORIZED', {
      'WWW-Authenticate': `Bearer realm="voice", error="insufficient_scope", scope="${options.requiredScope}"`,
    });
  }
  return token;
}
