/**
 * The stuck trend's table (components/stuck-trend/trend-table.tsx), rendered as the browser
 * renders it once its disclosure opens: a row per bucket, a dash in a gap's counts, its reason.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import TrendTable from '@/components/stuck-trend/trend-table';
import { trendTableData, type TrendPoint } from '@/lib/stuck-trend/types';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));
const POINTS: TrendPoint[] = [
  { minute: at(0), counts: { processing: 4, paused: 1 }, error: null },
  { minute: at(1), counts: null, error: 'server 503 <b>busy</b>' },
  { minute: at(2), counts: { processing: 0 }, error: null },
];

const cellsOf = (html: string) =>
  [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map(([, row]) =>
    [...row!.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map(([, cell]) => cell),
  );

describe('the stuck trend table', () => {
  it('shows a row per point with its minute, a count per status, a dash and the reason for a gap', () => {
    const html = renderToStaticMarkup(
      createElement(TrendTable, {
        table: trendTableData(POINTS, ['processing', 'paused']),
        statuses: ['processing', 'paused'],
        caption: 'Stuck, by the minute (UTC)',
      }),
    );
    expect(html).toContain('Stuck, by the minute (UTC)</caption>');
    expect(cellsOf(html)).toEqual([
      ['Minute (UTC)', 'processing', 'paused', 'Gap'],
      ['2026-11-20 10:00', '4', '1', ''],
      // The reason is the service's text: escaped, never markup.
      ['2026-11-20 10:01', '—', '—', 'server 503 &lt;b&gt;busy&lt;/b&gt;'],
      ['2026-11-20 10:02', '0', '0', ''],
    ]);
  });

  it('says so when the period has no samples', () => {
    const html = renderToStaticMarkup(
      createElement(TrendTable, {
        table: trendTableData([], ['processing']),
        statuses: ['processing'],
        caption: 'Stuck',
      }),
    );
    expect(html).toContain('No samples in this period.');
  });
});
