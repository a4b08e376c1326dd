/**
 * Where the voice service is when no setting says otherwise: the emulator on this machine, as
 * `npm start` runs it. The console's settings (lib/env.ts), the job runner's (lib/jobs/runner/settings.ts)
 * and the start script's (scripts/settings.ts) all take their defaults from here.
 */

/** The emulator's default address (EMULATOR_HOST, EMULATOR_PORT). */
export const DEFAULT_SERVICE_ORIGIN = 'http://127.0.0.1:4010';

/** The service's URL settings for a service at `origin` (the emulator serves them all). */
export function serviceUrls(origin: string) {
  return {
    VOICE_BASE_URL: origin,
    VOICE_AUTH_URL: origin,
    VOICE_TOKEN_URL: `${origin}/oauth/token`,
    VOICE_IDENTITY_URL: `${origin}/identity`,
    VOICE_REVOCATION_URL: `${origin}/oauth/revoke`,
    VOICE_ISSUER: origin,
  };
}

export const DEFAULT_SERVICE_URLS = serviceUrls(DEFAULT_SERVICE_ORIGIN);

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 10_000;
