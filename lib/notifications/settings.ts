/**
 * The notification deliverer's settings (see .env.example and docs/notifications.md). Checked
 * with every other setting at start (lib/server/settings-check.ts), so a bad value stops the
 * start with its name; read here with the defaults.
 */
import { z } from 'zod';

/** Without it the console runs as before and refuses to save a channel, saying to set it. */
export const SECRETS_KEY_SETTING = 'NOTIFICATION_SECRETS_KEY';

/** 32 bytes: 64 hexadecimal digits, or base64 of 32 bytes. */
export function parseSecretsKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed, 'base64');
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

const retrySchedule = z
  .string()
  .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, 'a comma-separated list of seconds, e.g. 30,120,600,1800')
  .transform((value) => value.split(',').map((part) => Number(part.trim())))
  .refine((seconds) => seconds.length <= 20 && seconds.every((s) => s > 0 && s <= 86_400), {
    message: 'at most 20 waits, each more than 0 and at most 86400 seconds',
  });

export const notificationEnvSchema = z.object({
  NOTIFICATION_SECRETS_KEY: z
    .string()
    .refine((value) => parseSecretsKey(value) !== null, {
      message: 'must be 32 bytes, as 64 hexadecimal digits or base64 (e.g. `openssl rand -hex 32`)',
    })
    .optional(),
  /** The console's address in messages' links; NEXTAUTH_URL when unset. */
  CONSOLE_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  NOTIFICATION_DELIVERY: z.enum(['on', 'off']).default('on'),
  NOTIFICATION_POLL_SECONDS: z.coerce.number().min(0.05).max(300).default(5),
  NOTIFICATION_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(120).default(10),
  /** The waits before the second, third, ... attempt; an attempt past the last is not made. */
  NOTIFICATION_RETRY_SECONDS: retrySchedule.default([30, 120, 600, 1800]),
});

export interface NotificationSettings {
  /** Null when NOTIFICATION_SECRETS_KEY is unset: no channel can be saved or sent to. */
  secretsKey: Buffer | null;
  publicUrl: string;
  deliveryEnabled: boolean;
  pollMs: number;
  timeoutMs: number;
  /** Milliseconds to wait after each failed attempt; its length plus one is the most attempts. */
  retryDelaysMs: number[];
}

export function notificationSettings(env: Record<string, string | undefined> = process.env): NotificationSettings {
  const candidate = Object.fromEntries(
    Object.keys(notificationEnvSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = notificationEnvSchema.safeParse(candidate);
  if (!parsed.success)
    throw new Error(
      `Notification settings: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  const settings = parsed.data;
  return {
    secretsKey: settings.NOTIFICATION_SECRETS_KEY ? parseSecretsKey(settings.NOTIFICATION_SECRETS_KEY) : null,
    publicUrl: (settings.CONSOLE_PUBLIC_URL ?? env.NEXTAUTH_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
    deliveryEnabled: settings.NOTIFICATION_DELIVERY === 'on',
    pollMs: Math.round(settings.NOTIFICATION_POLL_SECONDS * 1000),
    timeoutMs: Math.round(settings.NOTIFICATION_TIMEOUT_SECONDS * 1000),
    retryDelaysMs: settings.NOTIFICATION_RETRY_SECONDS.map((seconds) => Math.round(seconds * 1000)),
  };
}
