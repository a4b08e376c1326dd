/**
 * The statistics page's URL state: the period (a preset or a custom range), the zone whose days
 * are shown, the chart's view and its hidden statuses. A link is the whole view; a parameter
 * that is not valid is replaced by its default and reported, as on every page (lib/search-params).
 */
import { z } from 'zod';
import { paramReader, type ParamIssue, type RawSearchParams } from '@/lib/search-params';
import { dayCount, dayOf, isDayKey, isTimeZone, lastCompleteDays, UTC, type DayRange } from './days';
import { CHART_VIEWS, DEFAULT_PRESET, MAX_RANGE_DAYS, RANGE_PRESETS, type StatisticsQuery } from './query';

export interface StatisticsPageState extends StatisticsQuery {
  /** What the page could not use of its URL (the shared reader's issues). */
  problems: ParamIssue[];
}

const presetSchema = z.coerce
  .number()
  .refine((days) => (RANGE_PRESETS as readonly number[]).includes(days), `must be one of ${RANGE_PRESETS.join(', ')}`);
const zoneSchema = z.string().refine(isTimeZone, 'must be UTC or an IANA time zone such as Europe/Paris');
const viewSchema = z.enum(CHART_VIEWS, { error: `must be one of ${CHART_VIEWS.join(', ')}` });
const hiddenSchema = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((status) => status.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().min(1).max(100)).max(50, 'names at most 50 statuses'));

export function parseStatisticsSearchParams(params: RawSearchParams, now: number): StatisticsPageState {
  const reader = paramReader(params);
  const timeZone = reader.read('tz', zoneSchema, 'days are shown in UTC') ?? UTC;
  const view = reader.read('view', viewSchema, 'showing counts') ?? 'count';
  const hidden = reader.read('hide', hiddenSchema, 'showing every status') ?? [];
  const preset = reader.read('days', presetSchema, `showing the last ${DEFAULT_PRESET} days`);
  const from = reader.text('from');
  const to = reader.text('to');
  const today = dayOf(now, timeZone);
  if (from !== undefined || to !== undefined) {
    const custom = customRange(from, to, today);
    if (custom.ok)
      return { preset: null, range: custom.range, timeZone, view, hidden, problems: reader.finish('page') };
    reader.report(custom.param, `${custom.problem}; showing the last ${preset ?? DEFAULT_PRESET} days.`);
  }
  const days = preset ?? DEFAULT_PRESET;
  return {
    preset: days,
    range: lastCompleteDays(days, now, timeZone),
    timeZone,
    view,
    hidden,
    problems: reader.finish('page'),
  };
}

function customRange(
  from: string | undefined,
  to: string | undefined,
  today: string,
): { ok: true; range: DayRange } | { ok: false; param: string; problem: string } {
  if (from === undefined || to === undefined)
    return { ok: false, param: 'from', problem: 'a custom range needs both from and to' };
  if (!isDayKey(from) || !isDayKey(to))
    return { ok: false, param: 'from', problem: 'from and to must be dates as YYYY-MM-DD' };
  if (from > to) return { ok: false, param: 'from', problem: 'from must not be after to' };
  if (to > today) return { ok: false, param: 'to', problem: `to must not be after today (${today})` };
  if (dayCount(from, to) > MAX_RANGE_DAYS)
    return { ok: false, param: 'from', problem: `a custom range covers at most ${MAX_RANGE_DAYS} days` };
  return { ok: true, range: { from, to } };
}
