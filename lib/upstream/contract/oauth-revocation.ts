/**
 * ASSUMPTION (token revocation; the spec shows no revocation endpoint): the authorization server
 * offers OAuth 2.0 Token Revocation (RFC 7009) next to its token endpoint, at
 * `{VOICE_AUTH_URL}/oauth/revoke` (the console's VOICE_REVOCATION_URL), authenticated like the
 * token endpoint (client_secret_basic), with a form body of `token` and `token_type_hint`.
 * Revoking a refresh token ends its whole grant, so the access tokens issued with it stop working
 * too (RFC 7009 section 2.1 allows it; oidc-provider does it). The answer is 200 with any body,
 * also for a token that is unknown or already revoked (section 2.2); 503 means try again later.
 * Tested in tests/auth/proxy-session.test.ts against the emulator.
 */
import { z } from 'zod';

export const REVOCATION_PATH = '/oauth/revoke';

export const revocationRequestSchema = z.object({
  token: z.string().min(1),
  token_type_hint: z.enum(['refresh_token', 'access_token']),
});
export type RevocationRequest = z.infer<typeof revocationRequestSchema>;

/** How the console reads the answer: only the status matters. */
export function revocationOutcome(status: number): 'revoked' | 'retry-later' | 'refused' {
  if (status === 200) return 'revoked';
  if (status === 503 || status >= 500) return 'retry-later';
  return 'refused';
}
