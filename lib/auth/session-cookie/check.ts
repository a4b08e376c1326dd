/** Whether a decoded, unexpired session may still be used: the one revocation check every reader shares. */
import { isSessionRevoked } from './revocation';
import type { SessionToken } from './token';
import { logger } from '@/lib/observability/logger';

/**
 * `revoked`: signed out. `unknown`: the database could not say; readers refuse the session for
 * this request (fail closed) but keep the cookie, so it works again once the database answers.
 */
export async function sessionReadable(token: SessionToken): Promise<'active' | 'revoked' | 'unknown'> {
  try {
    return (await isSessionRevoked(token)) ? 'revoked' : 'active';
  } catch (error) {
    logger('auth').error(
      `could not check whether a session was signed out: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 'unknown';
  }
}
