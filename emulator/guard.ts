/**
 * Authentication and rate limiting in front of /admin and /agents. Every response there carries
 * the X-RateLimit-* headers: requests are counted per token, or per client address when no
 * valid token is presented, so even a 401 says how many more attempts the window allows.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { RATE_LIMIT_HEADERS } from '../lib/upstream/contract';
import type { AgentTokenClaims, AgentTokens } from './agents/tokens';
import { HttpError, type RequestContext } from './http';
import { bearerValueOf, findBearerToken, type BearerToken } from './oauth/bearer';
import { routeClassOf, type FixedWindowRateLimiter, type RateLimitDecision } from './rate-limit';

/** Who is calling: an OAuth token (a person's, or a client's) or an agent token. */
export type Caller = { kind: 'oauth'; token: BearerToken } | { kind: 'agent'; claims: AgentTokenClaims };

export interface GuardOptions {
  provider: Provider;
  limiter: FixedWindowRateLimiter;
  /** The scope the route requires (`admin` for /admin), if any. */
  requiredScope?: string;
  /** Accept agent tokens too (the /agents routes). */
  agentTokens?: AgentTokens;
}

export async function guardApiRequest(
  req: IncomingMessage,
  res: ServerResponse,
  context: RequestContext,
  options: GuardOptions,
): Promise<Caller> {
  const value = bearerValueOf(req.headers.authorization);
  const caller = await identify(value, options);
  const key = caller && value ? `token:${value}` : `address:${req.socket.remoteAddress ?? 'unknown'}`;
  const decision = options.limiter.take(key, routeClassOf(context.method, context.url.pathname));
  setRateLimitHeaders(res, decision);
  if (!decision.allowed) throw rateLimitedError(decision);
  if (!caller) {
    throw new HttpError(401, 'missing, invalid or expired bearer token', 'UNAUTHORIZED', {
      'WWW-Authenticate': 'Bearer realm="voice"',
    });
  }
  context.caller = caller;
  context.subject = caller.kind === 'agent' ? caller.claims.agentId : (caller.token.accountId ?? caller.token.clientId);
  const scopes = caller.kind === 'oauth' ? caller.token.scopes : new Set<string>();
  if (options.requiredScope && !scopes.has(options.requiredScope)) {
    throw new HttpError(401, `the token lacks the ${options.requiredScope} scope`, 'UNAUTHORIZED', {
      'WWW-Authenticate': `Bearer realm="voice", error="insufficient_scope", scope="${options.requiredScope}"`,
    });
  }
  return caller;
}

async function identify(value: string | null, options: GuardOptions): Promise<Caller | null> {
  if (!value) return null;
  const token = await findBearerToken(options.provider, value);
  if (token) return { kind: 'oauth', token };
  const claims = options.agentTokens ? await options.agentTokens.verify(value) : null;
  return claims ? { kind: 'agent', claims } : null;
}

export function setRateLimitHeaders(res: ServerResponse, decision: RateLimitDecision): void {
  res.setHeader(RATE_LIMIT_HEADERS.limit, String(decision.limit));
  res.setHeader(RATE_LIMIT_HEADERS.remaining, String(decision.remaining));
  res.setHeader(RATE_LIMIT_HEADERS.reset, String(decision.resetEpochSeconds));
}

export function rateLimitedError(decision: RateLimitDecision): HttpError {
  const retryAfter = Math.max(1, decision.resetEpochSeconds - Math.floor(Date.now() / 1000));
  return new HttpError(
    429,
    'rate limit exceeded; check the X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset headers',
    'RATE_LIMITED',
    { 'Retry-After': String(retryAfter) },
  );
}
