/**
 * OAuth: scopes, the token exchange, the identity endpoint.
 * Part of the contract with the voice service (see ./index.ts).
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// OAuth
//
// ASSUMPTION: the console signs operators in with the authorization-code flow with PKCE at
// `{auth_url}/oauth/authorize` and `{auth_url}/oauth/token`, the client authenticating with
// HTTP Basic (RFC 6749 2.3.1; next-auth's default). The spec calls the authorize redirect
// "implicit flow" and lists `client_id` and `client_secret` among the token exchange's body
// fields without showing the exchange's path or encoding; a service that wants them in the body
// needs `token_endpoint_auth_method: 'client_secret_post'` on the provider (lib/auth/options.ts)
// and the same in lib/auth/session-cookie/refresh.ts and lib/jobs/runner/service-credential.ts.

/** Scopes from the spec's table. */
export const SCOPES = [
  'admin',
  'identity',
  'profile:read',
  'profile:write',
  'channels:read',
  'channels:write',
  'channels:join',
] as const;
export type Scope = (typeof SCOPES)[number];

/** The scopes the console asks for: `admin` for /admin and /agents, `identity` for who signed in. */
export const CONSOLE_SCOPES: readonly Scope[] = ['admin', 'identity'];

/** Token response of the spec (fields beyond `access_token` are optional on the wire). */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number().optional(),
  refresh_token_exp: z.number().optional(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** OAuth error body (RFC 6749 section 5.2). */
export const oauthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
});

/**
 * ASSUMPTION: the identity endpoint (its path is not shown; the console's VOICE_IDENTITY_URL
 * points at it, `/identity` on the emulator) answers the signed-in user with these fields.
 * `scopes` lists what the presented token grants, so the console can require `admin`.
 */
export const identitySchema = z.looseObject({
  user_id: z.string().min(1),
  email: z.string(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  scopes: z.array(z.string()),
});
export type Identity = z.infer<typeof identitySchema>;
