/**
 * A console session without a browser: the emulator's machine client (`voice-ops-bench`,
 * client_credentials, admin scope) gives an access token, sealed into the console's session
 * cookie with the console's secret, as next-auth would after a sign-in.
 */
import { sealSessionJwt } from '../lib/auth/session-cookie';
import { tokenResponseSchema } from '../lib/upstream/contract';

export const BENCH_CLIENT = { id: 'voice-ops-bench', secret: 'voice-ops-bench-secret' };

export async function machineAccessToken(emulatorUrl: string): Promise<{ accessToken: string; expiresIn: number }> {
  const response = await fetch(`${emulatorUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${BENCH_CLIENT.id}:${BENCH_CLIENT.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'admin' }),
  });
  if (!response.ok) throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`);
  const token = tokenResponseSchema.parse(await response.json());
  return { accessToken: token.access_token, expiresIn: token.expires_in ?? 3600 };
}

/** `name=value` of a console session cookie for an access token (no refresh token: none is needed). */
export async function consoleSessionCookie(options: {
  secret: string;
  accessToken: string;
  expiresIn: number;
  https?: boolean;
}): Promise<string> {
  const now = Date.now();
  const value = await sealSessionJwt(
    {
      sub: 'bench-operator',
      email: 'bench@example.com',
      name: 'Bench operator',
      scopes: ['admin', 'identity'],
      accessToken: options.accessToken,
      accessTokenExpiresAt: now + options.expiresIn * 1000,
      accessTokenLifetime: options.expiresIn,
      signedInAt: now,
      lastSeenAt: now,
    },
    options.secret,
    12 * 3600,
  );
  return `${options.https ? '__Secure-' : ''}next-auth.session-token=${value}`;
}
