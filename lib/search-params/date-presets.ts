/**
 * Day ranges a date filter offers in one click, as the list URLs take them: ISO days
 * (YYYY-MM-DD) in UTC, both ends included, like every date the console shows.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DatePreset {
  id: 'today' | '7d' | '30d';
  label: string;
  from: string;
  to: string;
}

/** `2026-11-24` for an instant, in UTC. */
export function isoDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** Whether text is a whole ISO day (a real one: no 2026-02-30). */
export function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const instant = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(instant) && isoDay(instant) === text;
}

export function datePresets(now: number): DatePreset[] {
  const today = isoDay(now);
  return [
    { id: 'today', label: 'Today', from: today, to: today },
    { id: '7d', label: 'Last 7 days', from: isoDay(now - 6 * DAY_MS), to: today },
    { id: '30d', label: 'Last 30 days', from: isoDay(now - 29 * DAY_MS), to: today },
  ];
}
