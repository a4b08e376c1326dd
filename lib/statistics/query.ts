/**
 * A statistics view as a value and as a link: presets, chart views and the href of a view.
 * Plain values, no zod: the chart's and the zone switch's links are built in the browser.
 * ./search-params.ts reads a view from the URL.
 */
import { UTC, type DayRange } from './days';

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

/** The page's URL for a state; what is at its default is left out. */
export function statisticsHref(
  state: StatisticsQuery,
  changes: Partial<StatisticsQuery> = {},
  path = '/statistics',
): string {
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
