import { describe, expect, it } from 'vitest';
import { budgetRow, failedRow, failures, formatTable, median, percentile, ratio } from '../../bench/budgets';

const atMost = { id: 'x.kb', title: 'first-load JS /x', comparison: 'at-most', limit: 160, unit: 'kB' } as const;
const atLeast = { id: 'x.ratio', title: 'react-admin / console', comparison: 'at-least', limit: 2, unit: 'x' } as const;

describe('bench statistics', () => {
  it('takes the median of odd and even counts, ignoring non-finite values', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.NaN, 7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(values, 0.95)).toBe(95);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile([42], 0.99)).toBe(42);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('rounds ratios to two decimals and refuses a zero or unusable side', () => {
    expect(ratio(912, 300)).toBe(3.04);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(Number.NaN, 2)).toBeNaN();
  });
});

describe('budget rows', () => {
  it('passes at the limit and fails beyond it, in both directions', () => {
    expect(budgetRow(atMost, 160).pass).toBe(true);
    expect(budgetRow(atMost, 160.1).pass).toBe(false);
    expect(budgetRow(atLeast, 2).pass).toBe(true);
    expect(budgetRow(atLeast, 1.99).pass).toBe(false);
  });

  it('fails a value that could not be measured, and keeps the reason', () => {
    expect(budgetRow(atLeast, Number.NaN)).toMatchObject({ measured: null, pass: false });
    expect(failedRow(atMost, 'the peer did not build')).toMatchObject({
      measured: null,
      pass: false,
      note: 'the peer did not build',
    });
  });

  it('prints one line per budget with the anchor, the limit and the result, then the notes', () => {
    const rows = [
      budgetRow(atMost, 151.2),
      budgetRow(atLeast, 1.5, { anchor: 'react-admin 900 ms', note: 'median of 8' }),
    ];
    const lines = formatTable(rows).split('\n');
    expect(lines[0]).toMatch(/^budget\s+measured\s+anchor\s+limit\s+result$/);
    expect(lines[2]).toMatch(/^first-load JS \/x\s+151\.2 kB\s+<= 160 kB\s+PASS$/);
    expect(lines[3]).toMatch(/react-admin \/ console\s+1\.5x\s+react-admin 900 ms\s+>= 2x\s+FAIL$/);
    expect(lines.slice(-2)).toEqual(['notes:', '  react-admin / console: median of 8']);
    expect(failures(rows).map((row) => row.id)).toEqual(['x.ratio']);
  });
});
