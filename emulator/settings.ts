/**
 * Settings that tests change while the emulator runs (`POST /__control/settings`): token
 * lifetimes, rate limits and the reprocess delay. Everything reading them asks for the current
 * value per use.
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
  /** How long a reprocessed message stays `processing` before its outcome. */
  reprocessDelayMs: z.number().int().min(0).max(86_400_000),
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
    reprocessDelayMs: config.reprocessDelayMs,
  };
}
