/** The stuck trend's panel (components/stuck-trend/trend-panel.tsx): what it says under the chart. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TrendPanel } from '@/components/stuck-trend/trend-panel';
import type { TrendPoint } from '@/lib/stuck-trend/types';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));
const sample = (minute: number): TrendPoint => ({ minute: at(minute), counts: { processing: 4 }, error: null });
const gap = (minute: number): TrendPoint => ({ minute: at(minute), counts: null, error: 'server 503' });

function summary(points: TrendPoint[]): string {
  const html = renderToStaticMarkup(
    createElement(TrendPanel, {
      points,
      statuses: ['processing'],
      colors: { processing: '#f00' },
      caption: 'Stuck',
      testId: 'trend',
    }),
  );
  return /<p class="text-xs text-muted-foreground">(.*?)<\/p>/.exec(html)?.[1] ?? '';
}

describe('the stuck trend panel', () => {
  it('counts its samples and gaps in words that agree with the number', () => {
    expect(summary([sample(0)])).toBe('1 sample. Times in UTC.');
    expect(summary([sample(0), sample(1)])).toBe('2 samples. Times in UTC.');
    expect(summary([sample(0), gap(1)])).toBe('1 sample, 1 gap (not read or not sampled; not zero). Times in UTC.');
    expect(summary([sample(0), gap(1), gap(2), sample(3)])).toBe(
      '2 samples, 2 gaps (not read or not sampled; not zero). Times in UTC.',
    );
  });
});
