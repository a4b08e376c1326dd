/**
 * Settings that tests change while the emulator runs (`POST /__control/settings`): token
 * lifetimes and rate limits. Everything reading them asks for the current value per use.
 */
import { z } from 'zod';
import type { EmulatorConfig } from './config';

const positiveInt = z.number().int().positive();

export const runtimeSettingsSchema = z.object({
  accessTokenTtlSeconds: positiveInt,
  refreshTokenTtlSeconds: positiveInt,
  rateLimitRead: positiveInt,
  rateLimitWrite: positiveInt,
  rateLimitWindowMs: positiveInt,
});
export type RuntimeSettings = z.infer<typeof runtimeSettingsSchema>;

/** Body of `POST /__control/settings`: any subset; unknown names are rejected. */
export const runtimeSettingsUpdateSchema = runtimeSettingsSchema.partial().strict();
export type RuntimeSettingsUpdate = z.infer<typeof runtimeSettingsUpdateSchema>;

export function initialRuntimeSettings(config: EmulatorConfig): RuntimeSettings {
  return {
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    rateLimitRead: config.rateLimitRead,
    rateLimitWrite: config.rateLimitWrite,
    rateLimitWindowMs: config.rateLimitWindowMs,
  };
}
