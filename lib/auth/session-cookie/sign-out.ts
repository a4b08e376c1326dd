/**
 * Ending a session for good: recorded as revoked in the console database (a copied cookie is
 * refused from then on) and its grant revoked at the service (a copied refresh token is useless).
 */
import { revokeServiceToken } from '@/lib/upstream/oauth-revocation';
import { revokeSession } from './revocation';
import { sessionMaxAgeSeconds, type SessionToken } from './token';
import { logger } from '@/lib/observability/logger';
import { metrics } from '@/lib/observability/metrics';

export interface SignOutResult {
  revokedInConsole: boolean;
  revokedAtService: boolean;
}

/** Never throws: the browser's cookie is deleted whatever happens here; failures are logged. */
export async function endSession(token: SessionToken): Promise<SignOutResult> {
  const [console_, service] = await Promise.allSettled([
    revokeSession(token, token.signedInAt + sessionMaxAgeSeconds() * 1000),
    token.refreshToken
      ? revokeServiceToken({ token: token.refreshToken, token_type_hint: 'refresh_token' })
      : Promise.resolve({ ok: true as const }),
  ]);
  if (console_.status === 'rejected') {
    logger('auth').error(`sign-out could not record the session as revoked: ${String(console_.reason)}`);
  }
  const serviceOk = service.status === 'fulfilled' && service.value.ok;
  metrics().sessionRevocations.inc({ where: 'console', result: console_.status === 'fulfilled' ? 'ok' : 'failed' });
  metrics().sessionRevocations.inc({ where: 'service', result: serviceOk ? 'ok' : 'failed' });
  if (!serviceOk) {
    const reason =
      service.status === 'rejected' ? String(service.reason) : !service.value.ok ? service.value.reason : '';
    logger('auth').error(`sign-out could not revoke the service's grant: ${reason}`);
  }
  return { revokedInConsole: console_.status === 'fulfilled', revokedAtService: serviceOk };
}
