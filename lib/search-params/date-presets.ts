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

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

export interface TimePreset {
  id: 'hour' | Exclude<DatePreset['id'], '30d'>;
  label: string;
  from: string;
  to: string;
}

/** `2026-11-24T10:30:00Z` for an instant, to the second, in UTC. */
export function isoSecond(instant: number): string {
  return `${new Date(instant).toISOString().slice(0, 19)}Z`;
}

/**
 * The quick ranges of a filter that takes timestamps (the audit log): the last hour, to the minute,
 * then today and the last 7 days as whole days. The hour ends at the next whole minute, so what
 * happened this minute is in it whether the end is read as inclusive or exclusive.
 */
export function timePresets(now: number): TimePreset[] {
  const end = Math.ceil(now / MINUTE_MS) * MINUTE_MS;
  const days = datePresets(now).filter(
    (preset): preset is DatePreset & { id: TimePreset['id'] } => preset.id !== '30d',
  );
  return [{ id: 'hour', label: 'Last hour', from: isoSecond(end - HOUR_MS), to: isoSecond(end) }, ...days];
}
