/**
 * Settings shared by the start and test scripts: reads .env, fills in the defaults that
 * depend on each other (URLs from host and port), and the generated secrets (the session's,
 * the notification channels' key).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serviceUrls } from '../lib/service-defaults';
import { DEMO_ROLES } from './demo-roles';

export type Env = Record<string, string | undefined>;

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DATA_DIR = path.join(ROOT, '.data');

export function loadDotEnv(): void {
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

function setting(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : value;
}

/**
 * A secret generated once per checkout and kept in .data/, so sessions survive restarts and saved
 * notification channels stay readable without configuration.
 */
function generatedSecret(name: string, encoding: 'base64url' | 'hex'): string {
  const file = path.join(DATA_DIR, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString(encoding);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface StackSettings {
  consoleHost: string;
  consolePort: number;
  consoleUrl: string;
  emulatorHost: string;
  emulatorPort: number;
  emulatorUrl: string;
  /** Environment for both processes: everything from .env plus the derived settings. */
  env: Env;
}

export function stackSettings(overrides: Env = {}): StackSettings {
  Object.assign(process.env, overrides);
  const consoleHost = setting('CONSOLE_HOST', '127.0.0.1');
  const consolePort = Number(setting('CONSOLE_PORT', '3000'));
  const emulatorHost = setting('EMULATOR_HOST', '127.0.0.1');
  const emulatorPort = Number(setting('EMULATOR_PORT', '4010'));
  const consoleUrl = setting('NEXTAUTH_URL', `http://${consoleHost}:${consolePort}`);
  const emulatorUrl = setting('EMULATOR_PUBLIC_URL', `http://${emulatorHost}:${emulatorPort}`);
  const serviceDefaults = serviceUrls(emulatorUrl);
  const env: Env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    CONSOLE_HOST: consoleHost,
    CONSOLE_PORT: String(consolePort),
    NEXTAUTH_URL: consoleUrl,
    NEXTAUTH_SECRET: setting('NEXTAUTH_SECRET', '') || generatedSecret('nextauth-secret', 'base64url'),
    NOTIFICATION_SECRETS_KEY:
      setting('NOTIFICATION_SECRETS_KEY', '') || generatedSecret('notification-secrets-key', 'hex'),
    CONSOLE_ROLES: setting('CONSOLE_ROLES', DEMO_ROLES),
    EMULATOR_HOST: emulatorHost,
    EMULATOR_PORT: String(emulatorPort),
    EMULATOR_PUBLIC_URL: emulatorUrl,
    EMULATOR_CONSOLE_REDIRECT_URIS: setting('EMULATOR_CONSOLE_REDIRECT_URIS', `${consoleUrl}/api/auth/callback/voice`),
    VOICE_BASE_URL: setting('VOICE_BASE_URL', serviceDefaults.VOICE_BASE_URL),
    VOICE_AUTH_URL: setting('VOICE_AUTH_URL', serviceDefaults.VOICE_AUTH_URL),
    VOICE_TOKEN_URL: setting('VOICE_TOKEN_URL', serviceDefaults.VOICE_TOKEN_URL),
    VOICE_IDENTITY_URL: setting('VOICE_IDENTITY_URL', serviceDefaults.VOICE_IDENTITY_URL),
    VOICE_REVOCATION_URL: setting('VOICE_REVOCATION_URL', serviceDefaults.VOICE_REVOCATION_URL),
    // Set but empty means "no issuer check" (lib/env.ts), so only an unset one gets the default.
    VOICE_ISSUER: process.env.VOICE_ISSUER ?? serviceDefaults.VOICE_ISSUER,
  };
  return { consoleHost, consolePort, consoleUrl, emulatorHost, emulatorPort, emulatorUrl, env };
}
