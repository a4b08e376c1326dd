/** The stuck sampler's settings (see .env.example): on or off, interval, retention. */

export interface StuckSamplerSettings {
  enabled: boolean;
  intervalMinutes: number;
  retentionDays: number;
}

export const DEFAULT_SAMPLE_INTERVAL_MINUTES = 1;
export const DEFAULT_SAMPLE_RETENTION_DAYS = 30;

function wholeNumber(value: string | undefined, fallback: number, max: number): number {
  const parsed = Number(value);
  return value !== undefined && Number.isInteger(parsed) && parsed >= 1 && parsed <= max ? parsed : fallback;
}

/** STUCK_SAMPLING (`off` disables it), STUCK_SAMPLE_INTERVAL_MINUTES (1-60), STUCK_SAMPLE_RETENTION_DAYS (1-3650). */
export function stuckSamplerSettings(env: Record<string, string | undefined> = process.env): StuckSamplerSettings {
  return {
    enabled: !['off', 'false', '0', 'no'].includes((env.STUCK_SAMPLING ?? 'on').trim().toLowerCase()),
    intervalMinutes: wholeNumber(env.STUCK_SAMPLE_INTERVAL_MINUTES, DEFAULT_SAMPLE_INTERVAL_MINUTES, 60),
    retentionDays: wholeNumber(env.STUCK_SAMPLE_RETENTION_DAYS, DEFAULT_SAMPLE_RETENTION_DAYS, 3650),
  };
}
