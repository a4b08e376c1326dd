/** Resolves `Authorization: Bearer <token>` to the opaque token oidc-provider issued. */
import type Provider from 'oidc-provider';

export interface BearerToken {
  value: string;
  /** The signed-in account; null for client-credentials tokens. */
  accountId: string | null;
  clientId: string;
  scopes: ReadonlySet<string>;
}

const BEARER_PATTERN = /^Bearer +([\w.~+/-]+=*) *$/i;

/** The token of an `Authorization: Bearer <token>` header; null when absent or malformed. */
export function bearerValueOf(authorization: string | undefined): string | null {
  return BEARER_PATTERN.exec(authorization ?? '')?.[1] ?? null;
}

const BASIC_PATTERN = /^Basic +([A-Za-z0-9+/]+=*) *$/i;

/**
 * The client id an `Authorization: Basic` header names (client_secret_basic, its parts
 * form-encoded); null when absent or malformed. Says who asked, not whether the secret was right.
 */
export function basicClientIdOf(authorization: string | undefined): string | null {
  const encoded = BASIC_PATTERN.exec(authorization ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  try {
    return decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The valid, unexpired OAuth token with this value, or null when unknown or expired. */
export async function findBearerToken(provider: Provider, value: string | null): Promise<BearerToken | null> {
  if (!value) return null;
  const accessToken = await provider.AccessToken.find(value);
  if (accessToken?.clientId) {
    return {
      value,
      accountId: accessToken.accountId ?? null,
      clientId: accessToken.clientId,
      scopes: scopeSet(accessToken.scope),
    };
  }
  const clientToken = await provider.ClientCredentials.find(value);
  if (clientToken?.clientId) {
    return { value, accountId: null, clientId: clientToken.clientId, scopes: scopeSet(clientToken.scope) };
  }
  return null;
}

function scopeSet(scope: string | undefined): ReadonlySet<string> {
  return new Set(scope?.split(' ').filter((item) => item !== '') ?? []);
}
