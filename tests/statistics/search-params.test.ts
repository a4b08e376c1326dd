import { describe, expect, it } from 'vitest';
import { parseStatisticsSearchParams } from '@/lib/statistics/search-params';
import { statisticsHref } from '@/lib/statistics/query';
import { statisticsTableCsv, statisticsTableRows } from '@/lib/statistics/table';
import { normaliseDaily } from '@/lib/statistics/series';

const NOW = Date.parse('2026-11-23T23:30:00Z');

describe('statistics URL state', () => {
  it('defaults to the last 7 complete UTC days, counts, every status shown', () => {
    expect(parseStatisticsSearchParams({}, NOW)).toEqual({
      preset: 7,
      range: { from: '2026-11-16', to: '2026-11-22' },
      timeZone: 'UTC',
      view: 'count',
      hidden: [],
      problems: [],
    });
  });

  it('reads presets, custom ranges, a zone, the view and hidden statuses, and writes them back', () => {
    const preset = parseStatisticsSearchParams(
      { days: '30', tz: 'Europe/Paris', view: 'percent', hide: 'active,deleted' },
      NOW,
    );
    // 23:30 UTC is already the 24th in Paris: the last complete day there is the 23rd.
    expect(preset).toMatchObject({
      preset: 30,
      range: { from: '2026-10-25', to: '2026-11-23' },
      timeZone: 'Europe/Paris',
      view: 'percent',
      hidden: ['active', 'deleted'],
      problems: [],
    });
    expect(statisticsHref(preset)).toBe('/statistics?days=30&tz=Europe%2FParis&view=percent&hide=active%2Cdeleted');
    const custom = parseStatisticsSearchParams({ from: '2026-10-01', to: '2026-10-31' }, NOW);
    expect(custom).toMatchObject({ preset: null, range: { from: '2026-10-01', to: '2026-10-31' }, problems: [] });
    expect(statisticsHref(custom)).toBe('/statistics?from=2026-10-01&to=2026-10-31');
    expect(statisticsHref(custom, { preset: 7 })).toBe('/statistics');
  });

  it.each([
    [{ days: '14' }, 'days "14" must be one of 7, 30, 90, 365; showing the last 7 days.'],
    [
      { tz: 'Mars/Olympus' },
      'tz "Mars/Olympus" must be UTC or an IANA time zone such as Europe/Paris; days are shown in UTC.',
    ],
    [{ view: 'pie' }, 'view "pie" must be one of count, percent; showing counts.'],
    [{ from: '2026-10-01' }, 'a custom range needs both from and to; showing the last 7 days.'],
    [{ from: '2026-10-31', to: '2026-10-01' }, 'from must not be after to; showing the last 7 days.'],
    [{ from: '2026-02-01', to: '2026-02-30' }, 'from and to must be dates as YYYY-MM-DD; showing the last 7 days.'],
    [{ from: '2026-11-01', to: '2026-11-25' }, 'to must not be after today (2026-11-23); showing the last 7 days.'],
    [{ from: '2024-01-01', to: '2026-01-01' }, 'a custom range covers at most 366 days; showing the last 7 days.'],
  ])('replaces %j by the default and says why', (params, problem) => {
    const state = parseStatisticsSearchParams(params, NOW);
    expect(state.problems.map((issue) => issue.message)).toEqual([problem]);
    expect(state.range).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('reads repeated and unknown parameters as every page does', () => {
    const state = parseStatisticsSearchParams({ days: ['30', '90'], colour: 'red' }, NOW);
    expect(state.preset).toBe(30);
    expect(state.problems.map((issue) => issue.message)).toEqual([
      'days is given 2 times; the first, "30", is used.',
      'colour is not a parameter of this page; ignored.',
    ]);
  });
});

describe('statistics table', () => {
  it('has a row per day and a totals row, and its CSV is the same rows', () => {
    const series = normaliseDaily([{ date: '2026-01-01', total: 4, statuses: { active: 3, processing: 1 } }], {
      from: '2026-01-01',
      to: '2026-01-02',
    });
    expect(statisticsTableRows(series).map((row) => [row.label, row.total, row.nonTerminalPercent])).toEqual([
      ['2026-01-01', 4, '25.0'],
      ['2026-01-02', 0, '0.0'],
      ['Total', 4, '25.0'],
    ]);
    expect(statisticsTableCsv(series)).toBe(
      'date,total,processing,active,non_terminal_percent\r\n2026-01-01,4,1,3,25.0\r\n2026-01-02,0,0,0,0.0\r\nTotal,4,1,3,25.0\r\n',
    );
  });
});
