/** next-auth configuration: the voice service as a custom OAuth 2.0 provider. */
import type { AuthOptions } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { CONSOLE_SCOPES, identitySchema, type Identity } from '@/lib/upstream/contract';
import { consoleEnv } from '@/lib/env';
import {
  openSessionJwt,
  sealSessionJwt,
  sessionMaxAgeSeconds,
  sessionTokenSchema,
  type SessionToken,
} from './session-cookie/token';
import { endSession } from './session-cookie/sign-out';
import { configuredRoles } from './roles/operator';
import { getConsoleDb } from '@/lib/db';
import { recordSignIn } from '@/lib/operators/store';
import { logger } from '@/lib/observability/logger';

export const PROVIDER_ID = 'voice';

function voiceProvider(): OAuthConfig<Identity> {
  const env = consoleEnv();
  return {
    id: PROVIDER_ID,
    name: 'Voice service',
    type: 'oauth',
    clientId: env.VOICE_CLIENT_ID,
    clientSecret: env.VOICE_CLIENT_SECRET,
    // The spec's authorization server sends `iss` on its redirects; the client must expect it.
    issuer: env.VOICE_ISSUER || undefined,
    authorization: {
      url: `${env.VOICE_AUTH_URL.replace(/\/+$/, '')}/oauth/authorize`,
      params: { scope: CONSOLE_SCOPES.join(' ') },
    },
    token: env.VOICE_TOKEN_URL,
    userinfo: {
      url: env.VOICE_IDENTITY_URL,
      async request({ tokens }) {
        const response = await fetch(env.VOICE_IDENTITY_URL, {
          headers: { authorization: `Bearer ${tokens.access_token ?? ''}`, accept: 'application/json' },
          signal: AbortSignal.timeout(env.UPSTREAM_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`identity endpoint answered ${response.status}`);
        return identitySchema.parse(await response.json());
      },
    },
    checks: ['pkce', 'state'],
    idToken: false,
    profile(identity) {
      const name = [identity.first_name, identity.last_name].filter(Boolean).join(' ');
      return { id: identity.user_id, email: identity.email, name: name || identity.email };
    },
  };
}

/** next-auth hands the jwt callbacks the secret it was given: our string (as a Buffer, were it one). */
function secretText(secret: string | Buffer): string {
  return typeof secret === 'string' ? secret : secret.toString('utf8');
}

/**
 * An admin-scoped sign-in joins the operators list (and CONSOLE_ROLES grants its role to a new
 * operator). Should the database fail, the sign-in still goes through: the role is then resolved
 * from the setting until the row exists, and every later read of the session checks the database.
 */
async function recordOperatorSignIn(token: SessionToken): Promise<void> {
  try {
    await recordSignIn(
      await getConsoleDb(),
      {
        accountId: token.sub,
        email: token.email,
        name: token.name || token.email,
        signedInAt: token.signedInAt,
        expiresAt: token.signedInAt + sessionMaxAgeSeconds() * 1000,
      },
      configuredRoles(),
    );
  } catch (error) {
    logger('auth').error({ err: error }, `could not record the sign-in of ${token.email}`);
  }
}

export function authOptions(): AuthOptions {
  return {
    secret: consoleEnv().NEXTAUTH_SECRET,
    providers: [voiceProvider()],
    session: { strategy: 'jwt', maxAge: sessionMaxAgeSeconds() },
    // The same sealing as the proxy and the pages (session-cookie/token.ts), with its key derived once.
    jwt: {
      encode: ({ token, secret, maxAge }) =>
        sealSessionJwt(token ?? {}, secretText(secret), maxAge ?? sessionMaxAgeSeconds()),
      decode: async ({ token, secret }) => (token ? ((await openSessionJwt(token, secretText(secret))) as JWT) : null),
    },
    pages: { signIn: '/signin', error: '/signin' },
    // next-auth's own sign-out route (POST /api/auth/signout) ends the session for good too, like
    // the console's Sign out button: otherwise it would only delete this browser's cookie.
    events: {
      async signOut({ token }) {
        const parsed = sessionTokenSchema.safeParse(token);
        if (parsed.success) await endSession(parsed.data);
      },
    },
    callbacks: {
      async jwt({ token, account, user }) {
        if (!account) return token;
        // Sign-in: keep the service's tokens only when they carry the admin scope.
        const scopes = (account.scope ?? '').split(/\s+/).filter(Boolean);
        const now = Date.now();
        const lifetime = account.expires_at ? Math.max(1, account.expires_at - Math.floor(now / 1000)) : undefined;
        const sessionToken: SessionToken = {
          sub: user.id,
          email: user.email ?? '',
          name: user.name ?? null,
          scopes,
          signedInAt: now,
          lastSeenAt: now,
          ...(scopes.includes('admin')
            ? {
                accessToken: account.access_token,
                refreshToken: account.refresh_token,
                accessTokenExpiresAt: account.expires_at ? account.expires_at * 1000 : undefined,
                accessTokenLifetime: lifetime,
              }
            : {}),
        };
        if (scopes.includes('admin')) await recordOperatorSignIn(sessionToken);
        return sessionToken;
      },
      async session({ session, token }) {
        // What the browser may see: who is signed in, never a token.
        const parsed = sessionTokenSchema.safeParse(token);
        return {
          expires: session.expires,
          user: { name: parsed.success ? parsed.data.name : null, email: parsed.success ? parsed.data.email : null },
        };
      },
    },
  };
}
