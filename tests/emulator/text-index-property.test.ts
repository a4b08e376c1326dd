/**
 * The text index against brute force on random data: rows of a few short words with runs of
 * separators between them (so word pairs, repeated runs and fragments collide often), searched
 * with random texts of one to four pieces, with and without leading and trailing separators, in
 * mixed case. Every search gives exactly the rows a case-insensitive regular expression finds;
 * the row sets under it keep every row in both of their forms.
 */
import { describe, expect, it } from 'vitest';
import { createRandom, type Random } from '../../emulator/seed/random';
import { TextIndex } from '../../emulator/store/text-index';
import { Table } from '../../emulator/store/table';
import { listRows } from '../../emulator/store/list';
import { bitmapWords, countBits, ordinalsOf, orInto, PostingsBuilder } from '../../emulator/store/row-set';

interface Row {
  id: string;
  title: string | null;
  body: string | null;
}

const SYLLABLES = ['ab', 'ba', 'a', 'b', 'ca', 'abc', 'ß', 'é', 'K', 'x1'];
const RUNS = [' ', ' ', ' ', '  ', '-', '. ', ', ', '<', '/'];

function word(random: Random): string {
  let text = '';
  for (let i = random.int(1, 3); i > 0; i--) text += random.pick(SYLLABLES);
  return random.chance(0.3) ? text.toUpperCase() : text;
}

function text(random: Random, maxWords: number): string {
  let out = random.chance(0.2) ? random.pick(RUNS) : '';
  for (let i = random.int(1, maxWords); i > 0; i--)
    out += word(random) + (i > 1 || random.chance(0.2) ? random.pick(RUNS) : '');
  return out;
}

function rows(random: Random, count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `r${String(i).padStart(4, '0')}`,
    title: random.chance(0.1) ? null : text(random, 3),
    body: random.chance(0.1) ? null : text(random, 8),
  }));
}

/** A search: a random text, or a fragment cut from a row so that it is found. */
function search(random: Random, data: readonly Row[]): string {
  if (random.chance(0.4)) return text(random, 4);
  const source = random.pick(data).body ?? 'ab';
  const start = random.int(0, source.length - 1);
  const cut = source.slice(start, start + random.int(1, 12));
  return random.chance(0.5) ? cut.toUpperCase() : cut.toLowerCase();
}

function bruteForce(data: readonly Row[], needle: string): string[] {
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  return data
    .filter((row) => [row.title, row.body].some((value) => value !== null && pattern.test(value)))
    .map((row) => row.id);
}

describe('free-text index on random data', () => {
  for (const seed of [1, 2, 3]) {
    it(`finds exactly what a brute-force filter finds (seed ${seed})`, () => {
      const random = createRandom(seed);
      const data = rows(random, 1500);
      const index = new TextIndex<Row>(['title', 'body'], () => data);
      for (let i = 0; i < 300; i++) {
        const needle = search(random, data);
        const expected = bruteForce(data, needle);
        const found = index.search(needle);
        if (found === null) {
          expect(
            needle.replace(/[\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]/g, ''),
            `q=${JSON.stringify(needle)} left to the scan`,
          ).toBe('');
          continue;
        }
        expect({ ids: [...found].map((row) => row.id), size: found.size }, `q=${JSON.stringify(needle)}`).toEqual({
          ids: expected,
          size: expected.length,
        });
      }
    });
  }

  it('pages and totals through the list layer match the scan', () => {
    const random = createRandom(9);
    const table = new Table<Row>(rows(random, 800));
    for (let i = 0; i < 100; i++) {
      const needle = search(random, [...table.rows()]);
      const request = {
        conditions: [{ kind: 'text' as const, fields: ['title', 'body'] as const, text: needle }],
        sort: { field: 'body' as const, order: 'DESC' as const },
        start: 3,
        end: 22,
      };
      const indexed = listRows(table, request);
      const scanned = listRows(table, request, { textIndex: false });
      expect({ ids: indexed.rows.map((row) => row.id), total: indexed.total }).toEqual({
        ids: scanned.rows.map((row) => row.id),
        total: scanned.total,
      });
    }
  });
});

describe('row sets', () => {
  it('keep every row, in order, as a list or as a bitmap', () => {
    const random = createRandom(5);
    for (const rowCount of [1, 31, 32, 33, 64, 1000]) {
      for (const density of [0.01, 0.2, 1]) {
        const wanted = Array.from({ length: rowCount }, (_, i) => i).filter(() => random.next() < density);
        const builder = new PostingsBuilder(rowCount);
        for (const ordinal of wanted) {
          builder.add(ordinal);
          builder.add(ordinal);
        }
        const postings = builder.finish();
        expect(postings.kind, `${wanted.length} of ${rowCount}`).toBe(wanted.length * 32 > rowCount ? 'bits' : 'list');
        const bits = new Uint32Array(bitmapWords(rowCount));
        orInto(bits, postings);
        expect([...ordinalsOf(bits)]).toEqual(wanted);
        expect(countBits(bits)).toBe(wanted.length);
      }
    }
  });
});
