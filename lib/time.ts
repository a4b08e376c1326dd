/**
 * Times as the console shows them: the service stores ISO 8601 strings in some fields and
 * epoch numbers (milliseconds, or seconds) in others; operators read UTC (what logs and the
 * service speak) and their own local time side by side.
 */

/** The ways a record stores a time; also the time kinds of the entity columns (lib/entities/types.ts). */
export const TIME_ENCODINGS = ['iso-datetime', 'epoch-ms', 'epoch-s'] as const;
export type TimeEncoding = (typeof TIME_ENCODINGS)[number];

export function isTimeEncoding(kind: string): kind is TimeEncoding {
  return (TIME_ENCODINGS as readonly string[]).includes(kind);
}

/** `2026-11-22`, `2026-11-22T10:30`, `2026-11-22T10:30:00.123+02:00`: what is read as an ISO time; nothing else is. */
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/i;

/** Later than any plausible record, so a garbage number does not become year 275760. */
const MAX_TIME_MS = Date.UTC(9999, 11, 31);

/** The instant a value denotes, or null when it is empty or not a time. */
export function toInstant(value: unknown, encoding: TimeEncoding): Date | null {
  let ms: number;
  if (encoding === 'iso-datetime') {
    if (typeof value !== 'string') return null;
    const match = ISO_DATE_TIME.exec(value.trim());
    if (!match) return null;
    // ASSUMPTION: a time without an offset is UTC (the service's clock), not this server's zone.
    ms = Date.parse(match[2] ? (match[3] ? value.trim() : `${value.trim()}Z`) : `${value.trim()}T00:00:00Z`);
  } else {
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    ms = encoding === 'epoch-s' ? value * 1000 : value;
  }
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_TIME_MS) return null;
  return new Date(ms);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `05:42:56 UTC`: the time of day alone, for what happened today (a page's last refresh). */
export function formatUtcTime(date: Date): string {
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}

/**
 * `2026-11-22 05:42:56 UTC`: sortable, unambiguous, the same for every operator. The one UTC
 * format of the console's pages (exports write ISO 8601).
 */
export function formatUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${formatUtcTime(date)}`;
}

/**
 * One formatter per time zone, made when first asked: building an Intl.DateTimeFormat costs far
 * more than formatting with it, and a list page formats a date in every row. Time zones are a
 * short, fixed list, so the map stays small.
 */
const localFormats = new Map<string, Intl.DateTimeFormat>();

function localFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = localFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    });
    localFormats.set(key, format);
  }
  return format;
}

/** The same instant in a time zone (the browser's when omitted), with the zone's name. */
export function formatLocal(date: Date, timeZone?: string): string {
  return localFormat(timeZone).format(date);
}

/** A duration in milliseconds as `m:ss` or `h:mm:ss`; negative or non-finite values are null. */
export function formatDuration(ms: unknown): string | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return null;
  const totalSeconds = Math.round(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC starting a `YYYY-MM-DD` day, epoch ms; null for anything else (2026-02-30 too). */
export function utcDayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return ms;
}

/** Midnight UTC ending a `YYYY-MM-DD` day (the next day's start), epoch ms. */
export function utcDayEnd(day: string): number | null {
  const start = utcDayStart(day);
  return start === null ? null : start + DAY_MS;
}
