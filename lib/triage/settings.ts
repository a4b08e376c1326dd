/** The stuck queue's setting, read from the environment by the pages (never by the URL parser). */

export const DEFAULT_STUCK_THRESHOLD_MINUTES = 15;

/** STUCK_THRESHOLD_MINUTES (see .env.example): a whole number of minutes from 1, else 15. */
export function defaultThresholdMinutes(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.STUCK_THRESHOLD_MINUTES);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_STUCK_THRESHOLD_MINUTES;
}
