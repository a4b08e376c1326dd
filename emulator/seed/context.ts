import type { Preset } from './presets';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back generated history reaches from the reference date. */
export const HISTORY_DAYS = 120;

/** What every entity generator receives. */
export interface SeedContext {
  seed: number;
  preset: Preset;
  /** "Now" of the generated world, epoch milliseconds: fixed per seed, never the clock. */
  reference: number;
}

/**
 * The reference date of a seed: a seed that reads as a date (YYYYMMDD, like the default
 * 20261122) is that day at 12:00 UTC; any other seed maps onto a day of 2026.
 */
export function referenceDateForSeed(seed: number): Date {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(String(seed));
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day, 12));
    if (year >= 2000 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return date;
  }
  return new Date(Date.UTC(2026, 0, 1, 12) + (seed % 365) * 24 * 60 * 60 * 1000);
}
