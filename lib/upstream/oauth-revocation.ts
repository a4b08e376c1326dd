/** Revokes the service's tokens (RFC 7009); the contract is in contract/oauth-revocation.ts. */
import { consoleEnv } from '@/lib/env';
import {
  REVOCATION_PATH,
  revocationOutcome,
  revocationRequestSchema,
  type RevocationRequest,
} from './contract/oauth-revocation';

export type RevocationResult = { ok: true } | { ok: false; reason: string };

/** Revocation is idempotent, so a request that never got an answer (a reset connection) is sent again once. */
const ATTEMPTS = 2;

/** VOICE_REVOCATION_URL, or next to the token endpoint (the contract's assumption). */
export function revocationUrl(): string {
  const env = consoleEnv();
  return (
    env.VOICE_REVOCATION_URL ??
    env.VOICE_TOKEN_URL.replace(/\/token\/?$/, REVOCATION_PATH.slice(REVOCATION_PATH.lastIndexOf('/')))
  );
}

/** Asks the service to revoke a token of the console's client; never throws. */
export async function revokeServiceToken(request: RevocationRequest): Promise<RevocationResult> {
  const env = consoleEnv();
  const basic = Buffer.from(
    `${encodeURIComponent(env.VOICE_CLIENT_ID)}:${encodeURIComponent(env.VOICE_CLIENT_SECRET)}`,
  ).toString('base64');
  const body = new URLSearchParams(revocationRequestSchema.parse(request)).toString();
  let reason = 'revocation endpoint unreachable';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await fetch(revocationUrl(), {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(env.UPSTREAM_TIMEOUT_MS),
        cache: 'no-store',
      });
      await response.body?.cancel();
      const outcome = revocationOutcome(response.status);
      return outcome === 'revoked'
        ? { ok: true }
        : { ok: false, reason: `revocation endpoint answered ${response.status} (${outcome})` };
    } catch (error) {
      reason =
        error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
          : reason;
    }
  }
  return { ok: false, reason };
}
