/**
 * Calendar days as `YYYY-MM-DD` strings. Arithmetic is done on UTC midnights, where every day
 * has 24 hours; a time zone only decides which day an instant belongs to.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const UTC = 'UTC';
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day in `YYYY-MM-DD` form (not 2026-02-30). */
export function isDayKey(value: string): boolean {
  const match = DAY_KEY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

export function dayStartUtc(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function addDays(day: string, days: number): string {
  return new Date(dayStartUtc(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function dayCount(from: string, to: string): number {
  return Math.max(0, Math.round((dayStartUtc(to) - dayStartUtc(from)) / DAY_MS) + 1);
}

/** Every day from `from` to `to`, both included, oldest first. */
export function daysFrom(from: string, to: string): string[] {
  return Array.from({ length: dayCount(from, to) }, (_, index) => addDays(from, index));
}

/** An IANA zone this runtime knows (`Europe/Paris`), or `UTC`. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in a zone. */
export function dayOf(instant: number, timeZone: string = UTC): string {
  if (timeZone === UTC) return new Date(instant).toISOString().slice(0, 10);
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

/** A span of whole days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The `days` complete days that end yesterday in the zone: what "the last 7 days" means here. */
export function lastCompleteDays(days: number, now: number, timeZone: string = UTC): DayRange {
  const to = addDays(dayOf(now, timeZone), -1);
  return { from: addDays(to, -(days - 1)), to };
}

/** The range of the same length that ends the day before `range` starts. */
export function previousRange(range: DayRange): DayRange {
  const length = dayCount(range.from, range.to);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}
