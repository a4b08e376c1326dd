/**
 * The OAuth 2.0 authorization server: oidc-provider configured as a plain OAuth server with
 * the spec's scopes, opaque access tokens, PKCE (S256) required, rotating refresh tokens with
 * reuse detection, and client credentials for the benchmark client.
 *
 * Every authorization request shows the sign-in page and then the consent page: sessions and
 * earlier grants are never reused, so signing out of the console and in as someone else works
 * and browser tests see the same two pages every time.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { SCOPES } from '../../lib/upstream/contract';
import { BENCH_CLIENT_ID } from '../config';
import { escapeHtml } from '../http';
import type { RuntimeSettings } from '../settings';
import type { AccountStore } from './accounts';
import type { MemoryStore } from './memory-store';
import { renderPage } from './pages';

export interface OAuthProviderOptions {
  issuer: string;
  consoleClientId: string;
  consoleClientSecret: string;
  consoleRedirectUris: readonly string[];
  benchClientSecret: string;
  corsOrigins: readonly string[];
  settings: () => RuntimeSettings;
  accounts: AccountStore;
  /** Where grants and tokens live (the caller keeps it to revoke an account's grants). */
  store: MemoryStore;
}

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
} as const;

/** The one resource server (this API): tokens are issued for it and carry its scopes. */
export function resourceIndicatorFor(issuer: string): string {
  return `${issuer}/`;
}

export function createOAuthProvider(options: OAuthProviderOptions): Provider {
  const { settings, accounts } = options;
  const resource = resourceIndicatorFor(options.issuer);
  // No ID tokens are issued, but oidc-provider wants a signing key; a fresh one per start.
  const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });

  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'sign_in_every_time',
        'every authorization request signs in',
        (ctx) => ctx.oidc.result?.login === undefined,
      ),
    );

  const configuration: Configuration = {
    adapter: options.store.adapter,
    clients: [
      {
        client_id: options.consoleClientId,
        client_secret: options.consoleClientSecret,
        client_name: 'Voice operations console',
        redirect_uris: [...options.consoleRedirectUris],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      {
        client_id: BENCH_CLIENT_ID,
        client_secret: options.benchClientSecret,
        client_name: 'Benchmarks and tests',
        redirect_uris: [],
        grant_types: ['client_credentials'],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_basic',
        scope: 'admin',
      },
    ],
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'ES256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    routes: OAUTH_ROUTES,
    scopes: [...SCOPES],
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: SCOPES.join(' '),
            accessTokenFormat: 'opaque',
            accessTokenTTL: settings().accessTokenTtlSeconds,
          };
        },
      },
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? settings().accessTokenTtlSeconds,
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? settings().accessTokenTtlSeconds,
      AuthorizationCode: 60,
      // Rotation keeps the first refresh token's end: a sign-in lasts the refresh TTL at most.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? settings().refreshTokenTtlSeconds,
      Grant: () => settings().refreshTokenTtlSeconds,
      Session: 60 * 60,
      Interaction: 60 * 60,
      IdToken: 60 * 60,
    },
    expiresWithSession: () => false,
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    // Only the grant made by this request's consent: earlier grants are never reused.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
      policy,
    },
    findAccount: async (_ctx, sub) => {
      const account = await accounts.findById(sub);
      return account ? { accountId: account.id, claims: () => ({ sub: account.id }) } : undefined;
    },
    clientBasedCORS: (_ctx, origin) => options.corsOrigins.includes(origin),
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderPage(
        'Sign-in failed',
        `<h1>Sign-in failed</h1>
        <p class="error" role="alert">${escapeHtml(String(out.error_description ?? out.error))}</p>
        <p>Error code: <code>${escapeHtml(String(out.error))}</code></p>
        <p>Return to the console and start signing in again.</p>`,
      );
    },
  };

  const provider = new Provider(options.issuer, configuration);
  provider.use(addRefreshTokenExpiry);
  return provider;
}

/**
 * The spec's token response carries `refresh_token_exp` (epoch seconds); oidc-provider has no
 * hook for extra token-response members, so add it after the token endpoint answered.
 */
async function addRefreshTokenExpiry(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  await next();
  if (ctx.oidc?.route !== 'token' || ctx.status !== 200) return;
  const body: unknown = ctx.body;
  if (typeof body !== 'object' || body === null || !('refresh_token' in body)) return;
  const { refresh_token: value } = body;
  if (typeof value !== 'string') return;
  const refreshToken = await ctx.oidc.provider.RefreshToken.find(value);
  if (refreshToken?.exp !== undefined) ctx.body = { ...body, refresh_token_exp: refreshToken.exp };
}
