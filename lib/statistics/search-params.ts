/**
 * The statistics page's URL state: the period (a preset or a custom range), the zone whose days
 * are shown, the chart's view and its hidden statuses. A link is the whole view; a parameter
 * that is not valid is replaced by its default, and the page says which and why.
 */
import { z } from 'zod';
import { dayCount, dayOf, isDayKey, isTimeZone, lastCompleteDays, UTC, type DayRange } from './days';

export const RANGE_PRESETS = [7, 30, 90, 365] as const;
export const DEFAULT_PRESET = 7;
/** A custom range longer than this is refused (a year and a day covers any year). */
export const MAX_RANGE_DAYS = 366;
export const CHART_VIEWS = ['count', 'percent'] as const;
export type ChartView = (typeof CHART_VIEWS)[number];

export interface StatisticsQuery {
  /** The preset in use, or null for a custom range. */
  preset: number | null;
  range: DayRange;
  timeZone: string;
  view: ChartView;
  /** Statuses the chart leaves out (the table keeps them). */
  hidden: string[];
}

export interface StatisticsPageState extends StatisticsQuery {
  problems: string[];
}

const single = (value: string | string[] | undefined) => {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first.trim() === '' ? undefined : first.trim();
};

const presetSchema = z.coerce.number().refine((days) => (RANGE_PRESETS as readonly number[]).includes(days), `must be one of ${RANGE_PRESETS.join(', ')}`);
const zoneSchema = z.string().refine(isTimeZone, 'must be UTC or an IANA time zone such as Europe/Paris');
const viewSchema = z.enum(CHART_VIEWS);
const hiddenSchema = z.array(z.string().min(1).max(100)).max(50);

export function parseStatisticsSearchParams(params: Record<string, string | string[] | undefined>, now: number): StatisticsPageState {
  const problems: string[] = [];
  function read<T>(name: string, schema: z.ZodType<T>, raw: unknown, fallback: T): T {
    if (raw === undefined) return fallback;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    problems.push(`${name}: ${parsed.error.issues[0]?.message ?? 'not valid'}`);
    return fallback;
  }
  const timeZone = read('tz', zoneSchema, single(params.tz), UTC);
  const view = read('view', viewSchema, single(params.view), 'count');
  const hidden = read('hide', hiddenSchema, single(params.hide)?.split(',').map((status) => status.trim()).filter(Boolean), []);

  const from = single(params.from);
  const to = single(params.to);
  const today = dayOf(now, timeZone);
  if (from !== undefined || to !== undefined) {
    const custom = customRange(from, to, today);
    if (custom.ok) return { preset: null, range: custom.range, timeZone, view, hidden, problems };
    problems.push(custom.problem);
  }
  const preset = read('days', presetSchema, single(params.days), DEFAULT_PRESET);
  return { preset, range: lastCompleteDays(preset, now, timeZone), timeZone, view, hidden, problems };
}

function customRange(from: string | undefined, to: string | undefined, today: string): { ok: true; range: DayRange } | { ok: false; problem: string } {
  if (from === undefined || to === undefined) return { ok: false, problem: 'from and to: a custom range needs both' };
  if (!isDayKey(from) || !isDayKey(to)) return { ok: false, problem: 'from and to: must be dates as YYYY-MM-DD' };
  if (from > to) return { ok: false, problem: 'from and to: from must not be after to' };
  if (to > today) return { ok: false, problem: `to: must not be after today (${today})` };
  if (dayCount(from, to) > MAX_RANGE_DAYS) return { ok: false, problem: `from and to: at most ${MAX_RANGE_DAYS} days` };
  return { ok: true, range: { from, to } };
}

/** The page's URL for a state; what is at its default is left out. */
export function statisticsHref(state: StatisticsQuery, changes: Partial<StatisticsQuery> = {}, path = '/statistics'): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.preset === null) {
    params.set('from', next.range.from);
    params.set('to', next.range.to);
  } else if (next.preset !== DEFAULT_PRESET) {
    params.set('days', String(next.preset));
  }
  if (next.timeZone !== UTC) params.set('tz', next.timeZone);
  if (next.view !== 'count') params.set('view', next.view);
  if (next.hidden.length > 0) params.set('hide', next.hidden.join(','));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
