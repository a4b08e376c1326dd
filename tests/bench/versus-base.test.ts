import { describe, expect, it } from 'vitest';
import { firstRowVersusBase } from '../../bench/sections/first-row-base';
import { baseFigure, cpuVersusBaseRow, medianDifferenceNoise, versusBaseRow } from '../../bench/versus-base';

const cold = {
  id: 'first-row.cold',
  title: 'first row, cold: react-admin / console',
  comparison: 'at-least',
  limit: 2,
  unit: 'x',
} as const;
const warm = {
  id: 'first-row.warm',
  title: 'first row, warm: react-admin / console',
  comparison: 'at-least',
  limit: 2,
  unit: 'x',
} as const;
const staticCopy = {
  id: 'first-row.static',
  title: 'first row, cold: console / static copy',
  comparison: 'at-most',
  limit: 1.5,
  unit: 'x',
} as const;

describe('the noise of a side-by-side run', () => {
  it('is zero when the rounds agree, or when there is a single round to go by', () => {
    expect(medianDifferenceNoise([2, 2, 2, 2], [1.9, 1.9, 1.9, 1.9])).toBe(0);
    expect(medianDifferenceNoise([2.4], [1.1])).toBe(0);
  });

  it('is twice the standard error of the difference of the medians, each from the interquartile range of its rounds', () => {
    // IQR 2 (nearest rank: 3 - 1), sigma 2 / 1.349, median's error 1.2533 sigma / sqrt(4), both sides alike.
    expect(medianDifferenceNoise([1, 2, 3, 4], [4, 3, 2, 1])).toBe(2.63);
    expect(medianDifferenceNoise([1, 2, 3, 4], [2, 2, 2, 2])).toBe(1.86);
  });

  it('shrinks with more rounds of the same spread', () => {
    const four = medianDifferenceNoise([1, 2, 3, 4], [1, 2, 3, 4]);
    const sixteen = medianDifferenceNoise(
      [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4],
      [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4],
    );
    expect(sixteen).toBeCloseTo(four / 2, 1);
  });
});

describe('rows against the base', () => {
  it('shows the base in the anchor column, or why it has none', () => {
    expect(baseFigure(158.2, 'kB')).toBe('base 158.2 kB');
    expect(baseFigure(1.954, 'x')).toBe('base 1.95x');
    expect(baseFigure(null, 'kB', 'http://127.0.0.1:3151/new answered 404')).toBe(
      'base n/a (http://127.0.0.1:3151/new answered 404)',
    );
    expect(baseFigure(Number.NaN, 'x')).toBe('base n/a');
  });

  it('passes a higher-is-better ratio down to the base minus the noise, and no lower', () => {
    const pass = versusBaseRow(cold, { current: 1.9, base: 2.0, noise: 0.15, rounds: 16 });
    expect(pass).toMatchObject({
      id: 'first-row.cold.vs-base',
      title: 'first row, cold: react-admin / console (base 2.00x)',
      comparison: 'at-least',
      limit: 1.85,
      measured: 1.9,
      pass: true,
    });
    expect(pass.anchor).toBe('base 2.00x, noise 0.15x');
    expect(pass.note).toMatch(/interquartile range .*\(16 round\(s\)\)$/);
    expect(versusBaseRow(cold, { current: 1.8, base: 2.0, noise: 0.15, rounds: 16 }).pass).toBe(false);
  });

  it('passes a lower-is-better ratio up to the base plus the noise, and no higher', () => {
    expect(versusBaseRow(staticCopy, { current: 1.25, base: 1.2, noise: 0.1, rounds: 16 })).toMatchObject({
      comparison: 'at-most',
      limit: 1.3,
      pass: true,
    });
    expect(versusBaseRow(staticCopy, { current: 1.35, base: 1.2, noise: 0.1, rounds: 16 }).pass).toBe(false);
  });

  it('fails when the base could not be measured', () => {
    const row = versusBaseRow(cold, { current: 2.1, base: Number.NaN, noise: 0, rounds: 16 });
    expect(row.title).toBe('first row, cold: react-admin / console (base n/a)');
    expect(row.pass).toBe(false);
  });

  it('gives server CPU per page as current / base against 1.1x, with the spread of the batches', () => {
    const row = cpuVersusBaseRow('messages-list', {
      path: '/messages',
      msPerPage: [10, 10.5],
      batches: [
        [9, 10, 11],
        [10, 10.5, 12.25],
      ],
      bytes: [1, 1],
    });
    expect(row).toMatchObject({
      id: 'server-cpu.messages-list.vs-base',
      title: 'server CPU per page messages-list: current / base',
      measured: 1.05,
      limit: 1.1,
      pass: true,
    });
    expect(row.anchor).toBe('base 10 ms, current 10.5 ms');
    expect(row.note).toBe(
      "/messages: median of 3 alternating batches; a batch's CPU per page ranged 10-12.3 ms current, 9-11 ms base",
    );
    expect(
      cpuVersusBaseRow('stuck', { path: '/stuck', msPerPage: [10, 12], batches: [[10], [12]], bytes: [1, 1] }).pass,
    ).toBe(false);
  });
});

describe('the first row beside the base', () => {
  const loads = (firstRows: number[]) => firstRows.map((firstRow) => ({ firstRow }));
  const runs = (coldRows: number[], warmRows: number[]) => ({ cold: loads(coldRows), warm: loads(warmRows) });

  it('compares each ratio of the section, current against base, round by round', () => {
    const rows = firstRowVersusBase(
      { cold, warm, static: staticCopy },
      {
        'react-admin': runs([1000, 1000, 1000, 1000], [800, 800, 800, 800]),
        console: runs([500, 500, 500, 500], [400, 400, 400, 400]),
        base: runs([480, 480, 480, 480], [400, 400, 400, 400]),
        static: runs([400, 400, 400, 400], [300, 300, 300, 300]),
      },
    );
    expect(rows.map((row) => row.id)).toEqual([
      'first-row.cold.vs-base',
      'first-row.warm.vs-base',
      'first-row.static.vs-base',
    ]);
    // Every round agrees, so there is no noise: the cold console is slower than the base's and fails.
    expect(rows[0]).toMatchObject({
      measured: 2,
      limit: 2.08,
      pass: false,
      title: 'first row, cold: react-admin / console (base 2.08x)',
    });
    expect(rows[1]).toMatchObject({ measured: 2, limit: 2, pass: true });
    expect(rows[2]).toMatchObject({ measured: 1.25, limit: 1.2, comparison: 'at-most', pass: false });
  });

  it('lets a difference within the spread of the rounds pass', () => {
    const rows = firstRowVersusBase(
      { cold, warm, static: staticCopy },
      {
        'react-admin': runs([1000, 1000, 1000, 1000], [800, 800, 800, 800]),
        console: runs([400, 500, 600, 700], [400, 400, 400, 400]),
        base: runs([380, 480, 580, 680], [400, 400, 400, 400]),
        static: runs([400, 400, 400, 400], [300, 300, 300, 300]),
      },
    );
    // Cold: current 1.82x against the base's 1.89x, within the noise of rounds that spread this much.
    expect(rows[0]).toMatchObject({ measured: 1.82, pass: true });
    expect(rows[0]!.limit).toBeLessThan(1.82);
    expect(rows[2]!.pass).toBe(true);
  });
});
