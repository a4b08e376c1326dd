/**
 * `GET /identity`: who the bearer token belongs to (contract `identitySchema`), in place of
 * oidc-provider's userinfo, which requires `openid`. Needs a user token with `identity`.
 */
import type Provider from 'oidc-provider';
import { identitySchema } from '../lib/upstream/contract';
import type { EmulatorDatabase } from './db';
import { HttpError, sendValidated } from './http';
import { bearerValueOf, findBearerToken } from './oauth/bearer';
import type { Route } from './router';

export function identityRoutes(provider: Provider, database: EmulatorDatabase): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/identity$/,
      async handle({ req, res, context }) {
        const token = await findBearerToken(provider, bearerValueOf(req.headers.authorization));
        if (!token) {
          throw new HttpError(401, 'missing, invalid or expired bearer token', 'UNAUTHORIZED', {
            'WWW-Authenticate': 'Bearer realm="voice"',
          });
        }
        context.subject = token.accountId ?? token.clientId;
        if (!token.accountId) throw new HttpError(403, 'the token does not belong to a user', 'FORBIDDEN');
        if (!token.scopes.has('identity')) throw new HttpError(403, 'the token lacks the identity scope', 'FORBIDDEN');
        const user = database.world.users.get(token.accountId);
        if (!user) throw new HttpError(404, 'the signed-in user no longer exists', 'NOT_FOUND');
        sendValidated(res, identitySchema, {
          user_id: token.accountId,
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
          scopes: [...token.scopes],
        });
      },
    },
  ];
}
